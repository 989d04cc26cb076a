// Turns a failed mutation into what a form shows: field errors from the server's validation (the
// same zod rules the form uses) and one message for everything else.
import { TRPCClientError } from "@trpc/client";
import type { z } from "zod";
import { DEFAULT_ERROR_MESSAGE } from "~/components/errors/error-copy.ts";

export type FieldErrors = Record<string, string | undefined>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof TRPCClientError)) return {};
  const zodError = (error.data as { zodError?: { fieldErrors?: Record<string, string[]> } } | undefined)
    ?.zodError;
  return Object.fromEntries(
    Object.entries(zodError?.fieldErrors ?? {}).map(([field, messages]) => [field, messages[0]]),
  );
}

export function messageOf(error: unknown): string {
  if (error instanceof TRPCClientError && !(error.data as { zodError?: unknown } | undefined)?.zodError) {
    return error.message;
  }
  if (error instanceof Error && !(error instanceof TRPCClientError))
    return error.message || DEFAULT_ERROR_MESSAGE;
  return "Please correct the highlighted fields.";
}

/** Validates form values with the shared schema; returns field errors, or null when valid. */
export function validate<T extends z.ZodType>(schema: T, values: unknown): FieldErrors | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
