// Turns a failed mutation into what a form shows: field errors from the server's validation (the
// same zod rules the form uses) and one message for everything else.
import { TRPCClientError } from "@trpc/client";
import { toast } from "sonner";
import type { z } from "zod";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { validateForm } from "~/components/ui/validate-form.ts";

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

/**
 * The submit path every form here shares: validate with the shared schema (errors inline), save, then
 * report the outcome as a toast, with server-side field errors put back beside their fields.
 */
export async function submitForm<S extends z.ZodType>(options: {
  schema: S;
  values: z.input<S>;
  setErrors: (errors: FieldErrors) => void;
  save: () => Promise<unknown>;
  success: string;
  /** Shows a failure's message in place (e.g. inside a dialog) instead of in a toast. */
  showError?: (message: string | null) => void;
  /** Runs with the errors set, e.g. to move focus to the first of them (useFocusFirstError). */
  onFailed?: () => void;
}): Promise<boolean> {
  const checked = validateForm(options.schema, options.values);
  if (!checked.ok) {
    options.setErrors(checked.errors);
    options.onFailed?.();
    return false;
  }
  options.setErrors({});
  options.showError?.(null);
  try {
    await options.save();
    toast.success(options.success);
    return true;
  } catch (error) {
    options.setErrors(fieldErrorsOf(error));
    if (options.showError) options.showError(messageOf(error));
    else toast.error(messageOf(error));
    options.onFailed?.();
    return false;
  }
}
