import { z } from "zod";
import { Button } from "~/components/ui/button.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { emailField, PASSWORD_MIN_LENGTH, passwordField, personNameField } from "~/lib/validation.ts";
import { authClient } from "./auth-client.ts";
import type { AuthSearch } from "./auth-search.ts";
import { FormAlert } from "./form-alert.tsx";
import { useAuthForm } from "./use-auth-form.ts";
import { useFinishAuth } from "./use-finish-auth.ts";

const signUpSchema = z.object({ name: personNameField, email: emailField, password: passwordField });

export function SignUpForm({ search }: { search: AuthSearch }) {
  const form = useAuthForm({
    schema: signUpSchema,
    // An invitation's sign-up link carries the invited address (routes/invitations/$invitationId.tsx).
    initial: { name: "", email: search.email ?? "", password: "" },
    send: (data) => authClient().signUp.email(data),
    onSuccess: useFinishAuth(search),
    failureMessage: "Sign-up failed. Please try again.",
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void form.onSubmit(event)}
      className="flex flex-col gap-4"
    >
      <FormAlert message={form.serverError} />
      <fieldset disabled={form.pending} className="flex flex-col gap-4">
        <FormField label="Name" error={form.errors.name}>
          <Input
            name="name"
            autoComplete="name"
            placeholder="Ada Lovelace"
            value={form.values.name}
            onChange={(event) => form.update("name", event.target.value)}
          />
        </FormField>
        <FormField label="Email" error={form.errors.email}>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            value={form.values.email}
            onChange={(event) => form.update("email", event.target.value)}
          />
        </FormField>
        <FormField
          label="Password"
          error={form.errors.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        >
          <Input
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.values.password}
            onChange={(event) => form.update("password", event.target.value)}
          />
        </FormField>
        <Button type="submit" className="w-full">
          {form.pending ? "Creating account…" : "Create account"}
        </Button>
      </fieldset>
    </form>
  );
}
