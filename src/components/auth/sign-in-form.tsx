import { Link } from "@tanstack/react-router";
import { z } from "zod";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { Button } from "~/components/ui/button.tsx";
import { emailField } from "~/lib/validation.ts";
import { authClient } from "./auth-client.ts";
import { AuthEmailInput, AuthForm } from "./auth-form.tsx";
import type { AuthSearch } from "./auth-search.ts";
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
    <AuthForm form={form}>
      <AuthEmailInput form={form} />
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
    </AuthForm>
  );
}
