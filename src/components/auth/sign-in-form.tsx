import { Link } from "@tanstack/react-router";
import { z } from "zod";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { Button } from "~/components/ui/button.tsx";
import { emailField } from "~/lib/validation.ts";
import { authClient } from "./auth-client.ts";
import type { AuthSearch } from "./auth-search.ts";
import { FormAlert } from "./form-alert.tsx";
import { useAuthForm } from "./use-auth-form.ts";
import { useFinishAuth } from "./use-finish-auth.ts";

// Existing accounts may predate today's password rules, so sign-in only asks for a password.
const signInSchema = z.object({
  email: emailField,
  password: z.string().min(1, "Password is required"),
});

export function SignInForm({ search }: { search: AuthSearch }) {
  const form = useAuthForm({
    schema: signInSchema,
    initial: { email: "", password: "" },
    send: (data) => authClient().signIn.email(data),
    onSuccess: useFinishAuth(search),
    failureMessage: "Sign-in failed. Please try again.",
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
        <BoundInput
          form={form}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
        />
        <BoundInput
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <Link
          to="/forgot-password"
          className="-mt-2 self-end text-sm text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
        <Button type="submit" className="w-full">
          {form.pending ? "Signing in…" : "Sign in"}
        </Button>
      </fieldset>
    </form>
  );
}
