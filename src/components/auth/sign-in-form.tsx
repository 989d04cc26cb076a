import { Link } from "@tanstack/react-router";
import { useRef, useState } from "react";
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

interface SignInFormProps {
  search: AuthSearch;
  initialEmail?: string;
  /** Why the person is back at the password (their code step expired or had too many wrong codes). */
  notice?: string | null;
  /** The password was right and the account asks for a second factor. */
  onTwoFactor: (email: string) => void;
}

export function SignInForm({ search, initialEmail = "", notice = null, onTwoFactor }: SignInFormProps) {
  const finish = useFinishAuth(search);
  // Set by the answer to the password: Better Auth answers 200 with `twoFactorRedirect` and no session.
  const secondStep = useRef<string | null>(null);
  // Shown until the next attempt, which has its own answer.
  const [shownNotice, setShownNotice] = useState(notice);
  const form = useAuthForm({
    schema: signInSchema,
    initial: { email: initialEmail, password: "" },
    send: async (data) => {
      const result = await authClient().signIn.email(data);
      const answer = result.data as { twoFactorRedirect?: boolean } | null;
      secondStep.current = answer?.twoFactorRedirect ? data.email : null;
      return result;
    },
    onSuccess: async () => {
      if (secondStep.current) onTwoFactor(secondStep.current);
      else await finish();
    },
    failureMessage: "Sign-in failed. Please try again.",
  });

  return (
    <AuthForm
      form={{
        ...form,
        serverError: form.serverError ?? shownNotice,
        onSubmit: (event) => {
          setShownNotice(null);
          return form.onSubmit(event);
        },
      }}
    >
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
