import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { CONNECTION_MESSAGE } from "~/components/errors/error-copy.ts";
import { useFocusFirstError } from "~/components/forms/use-focus-first-error.ts";
import { type FieldErrors, validateForm } from "~/components/ui/validate-form.ts";

interface AuthFormOptions<S extends z.ZodObject> {
  schema: S;
  initial: z.input<S>;
  /** The Better Auth call; its `error.message` is shown as is (e.g. the 429 lockout text). */
  send: (data: z.output<S>) => Promise<{ error: { message?: string | undefined } | null }>;
  onSuccess: () => Promise<void>;
  failureMessage: string;
}

/** State and submit handling shared by the sign-in and sign-up forms. */
export function useAuthForm<S extends z.ZodObject>(options: AuthFormOptions<S>) {
  type Values = z.input<S>;
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const focusFirstError = useFocusFirstError();

  const update = (field: keyof Values & string, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Fields are re-checked as they change only after a first submit, so typing is not interrupted.
    if (submitted) {
      const result = validateForm(options.schema, next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    setServerError(null);
    const result = validateForm(options.schema, values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(form);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { error } = await options.send(result.data);
      if (error) {
        setServerError(error.message || options.failureMessage);
        focusFirstError(form);
        return;
      }
      await options.onSuccess();
    } catch {
      setServerError(CONNECTION_MESSAGE);
      focusFirstError(form);
    } finally {
      setPending(false);
    }
  };

  return { values, errors, serverError, pending, update, onSubmit };
}
