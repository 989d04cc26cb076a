// Turns a failed mutation into what a form shows: field errors from the server's validation (the
// same zod rules the form uses) and one message for everything else.
import { TRPCClientError } from "@trpc/client";
import { errorMessage } from "~/components/errors/error-copy.ts";

export type FieldErrors = Record<string, string | undefined>;

export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof TRPCClientError)) return {};
  const zodError = (error.data as { zodError?: { fieldErrors?: Record<string, string[]> } } | undefined)
    ?.zodError;
  return Object.fromEntries(
    Object.entries(zodError?.fieldErrors ?? {}).map(([field, messages]) => [field, messages[0]]),
  );
}

/** Toast text for a failed mutation; field problems are shown beside the fields themselves. */
export function messageOf(error: unknown): string {
  return Object.keys(fieldErrorsOf(error)).length > 0
    ? "Please correct the highlighted fields."
    : errorMessage(error);
}
