import type { FormEvent, ReactNode } from "react";
import { type BoundForm, BoundInput } from "~/components/forms/bound-input.tsx";
import { FormAlert } from "./form-alert.tsx";

/** What the auth pages' forms take from useAuthForm. */
interface AuthFormState {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  serverError: string | null;
  pending: boolean;
}

/**
 * The sign-in, sign-up and password pages' form: the server's refusal in place above the fields, and
 * the fields disabled while the request is out. The browser's own validation is off: the schema's
 * messages are shown instead.
 */
export function AuthForm({ form, children }: { form: AuthFormState; children: ReactNode }) {
  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void form.onSubmit(event)}
      className="flex flex-col gap-4"
    >
      <FormAlert message={form.serverError} />
      <fieldset disabled={form.pending} className="flex flex-col gap-4">
        {children}
      </fieldset>
    </form>
  );
}

/** The e-mail field of the auth forms, bound to a form with an `email` value. */
export function AuthEmailInput({ form }: { form: BoundForm<"email"> }) {
  return (
    <BoundInput
      form={form}
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@company.com"
    />
  );
}
