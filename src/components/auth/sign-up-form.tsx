import { MailCheck } from "lucide-react";
import { useRef, useState } from "react";
import { z } from "zod";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { NewPasswordInput } from "~/components/forms/new-password-input.tsx";
import { Button } from "~/components/ui/button.tsx";
import { SETUP_CODE_HEADER } from "~/lib/instance-setup.ts";
import { emailField, passwordField, personNameField } from "~/lib/validation.ts";
import { authClient } from "./auth-client.ts";
import { AuthEmailInput, AuthForm } from "./auth-form.tsx";
import { type AuthSearch, afterAuthDestination } from "./auth-search.ts";
import { useAuthForm } from "./use-auth-form.ts";
import { useFinishAuth } from "./use-finish-auth.ts";

const signUpSchema = z.object({ name: personNameField, email: emailField, password: passwordField });

export function SignUpForm({ search }: { search: AuthSearch }) {
  const finish = useFinishAuth(search);
  // With REQUIRE_EMAIL_VERIFICATION the account starts without a session: a link is mailed instead.
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);
  const awaitingConfirmation = useRef(false);
  const form = useAuthForm({
    schema: signUpSchema,
    // An invitation's sign-up link carries the invited address (routes/invitations/$invitationId.tsx).
    initial: { name: "", email: search.email ?? "", password: "" },
    send: async (data) => {
      const result = await authClient().signUp.email({
        ...data,
        callbackURL: afterAuthDestination(search),
        // A fresh instance claimed from another machine: the link the server printed carries its code.
        fetchOptions: search.setup ? { headers: { [SETUP_CODE_HEADER]: search.setup } } : undefined,
      });
      if (!result.error && !result.data?.token) {
        awaitingConfirmation.current = true;
        setConfirmationSentTo(data.email);
      }
      return result;
    },
    onSuccess: async () => {
      if (!awaitingConfirmation.current) await finish();
    },
    failureMessage: "Sign-up failed. Please try again.",
  });

  if (confirmationSentTo) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center text-sm">
        <MailCheck className="size-8 text-primary" aria-hidden="true" />
        <p>
          We sent a link to <strong>{confirmationSentTo}</strong>. Open it to confirm your address; it signs
          you in. The link expires in 1 hour.
        </p>
      </div>
    );
  }

  return (
    <AuthForm form={form}>
      <BoundInput form={form} name="name" label="Name" autoComplete="name" placeholder="Ada Lovelace" />
      <AuthEmailInput form={form} />
      <NewPasswordInput form={form} name="password" label="Password" />
      <Button type="submit" className="w-full">
        {form.pending ? "Creating account…" : "Create account"}
      </Button>
    </AuthForm>
  );
}
