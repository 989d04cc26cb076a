// Shapes that several environment variables share (config.ts reads them all): an absolute http(s)
// URL without its trailing slash, and a JSON object checked against a schema. A bad value gets the
// variable's own message, so the server stops naming what to fix.
import { z } from "zod";

/** An absolute http(s) URL; trailing slashes are dropped so paths can be appended with "/". */
export const httpUrl = (message: string) =>
  z
    .string()
    .refine((value) => URL.canParse(value) && /^https?:/.test(value), { message })
    .transform((value) => value.replace(/\/+$/, ""));

/**
 * A variable holding JSON that `schema` checks; unset or empty reads as `empty`. Text that is not JSON
 * gets `message`; JSON the schema refuses gets the schema's first issue.
 */
export function jsonVariable<T extends z.ZodType>(schema: T, message: string, empty: z.output<T>) {
  return z
    .string()
    .optional()
    .transform((text, ctx): z.output<T> => {
      if (!text) return empty;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const result = schema.safeParse(json);
      if (!result.success) {
        ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? message });
        return z.NEVER;
      }
      return result.data;
    });
}
