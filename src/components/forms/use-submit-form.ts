// What a form that saves through submitForm keeps: the errors beside its fields and the refusal shown in
// place, and its submit handler, which stops the browser's own submit and, on a failure, moves focus to
// the first error (useFocusFirstError).
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { type FieldErrors, submitForm } from "./form-errors.ts";
import { useFocusFirstError } from "./use-focus-first-error.ts";

export function useSubmitForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const focusFirstError = useFocusFirstError();

  /** Checks `values` with `schema`, then saves and toasts `success`; resolves to whether it saved. */
  const submit = <S extends z.ZodType>(
    event: FormEvent<HTMLFormElement>,
    options: { schema: S; values: z.input<S>; save: () => Promise<unknown>; success: string },
  ) => {
    event.preventDefault();
    const form = event.currentTarget;
    return submitForm({
      ...options,
      setErrors,
      showError: setFormError,
      onFailed: () => focusFirstError(form),
    });
  };

  /** Clears the errors, e.g. when the form's dialog opens again. */
  const reset = () => {
    setErrors({});
    setFormError(null);
  };

  return { errors, setErrors, formError, setFormError, submit, reset };
}
