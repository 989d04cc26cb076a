// A form whose server refusal is shown in place (a FormAlert above the fields) as well as beside each
// field the server's validation names, not only as a toast.
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { validateForm } from "~/components/ui/validate-form.ts";
import { type FieldErrors, fieldErrorsOf } from "./form-errors.ts";
import { useFocusFirstError } from "./use-focus-first-error.ts";

export function useInlineForm<S extends z.ZodObject>(options: {
  schema: S;
  initial: z.input<S>;
  save: (data: z.output<S>) => Promise<unknown>;
  /** Runs after a successful save, e.g. to clear password fields or show a notice. */
  onSaved?: (data: z.output<S>) => void | Promise<void>;
}) {
  const [values, setValues] = useState<z.input<S>>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const focusFirstError = useFocusFirstError();

  const update = (field: keyof z.input<S> & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setServerError(null);
    const checked = validateForm(options.schema, values);
    if (!checked.ok) {
      setErrors(checked.errors as FieldErrors);
      focusFirstError(form);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await options.save(checked.data);
      await options.onSaved?.(checked.data);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setServerError(errorMessage(error));
      focusFirstError(form);
    } finally {
      setPending(false);
    }
  };

  return { values, setValues, errors, serverError, pending, update, onSubmit };
}
