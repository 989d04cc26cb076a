// Form validation with the shared zod fields: the first message per field, for inline errors.
import type { z } from "zod";
import { DEFAULT_INVALID_MESSAGE } from "~/lib/validation.ts";

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

export type FormResult<S extends z.ZodType> =
  | { ok: true; data: z.output<S> }
  | { ok: false; errors: FieldErrors<z.input<S>> };

export function validateForm<S extends z.ZodType>(schema: S, values: z.input<S>): FormResult<S> {
  // A rule without a message of its own says 'Invalid input' (requirements §5), not zod's wording:
  // a per-parse error map only fills in where the schema gave no message.
  const result = schema.safeParse(values, { error: () => DEFAULT_INVALID_MESSAGE });
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors: errors as FieldErrors<z.input<S>> };
}
