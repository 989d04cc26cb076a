import { MailCheck } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { Button } from "~/components/ui/button.tsx";
import { emailField } from "~/lib/validation.ts";
import { authClient } from "./auth-client.ts";
import { AuthEmailInput, AuthForm } from "./auth-form.tsx";
import { useAuthForm } from "./use-auth-form.ts";

const schema = z.object({ email: emailField });

/** Asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm({
    schema,
    initial: { email: "" },
    send: async (data) => {
      const result = await authClient().requestPasswordReset({
        email: data.email,
        redirectTo: "/reset-password",
      });
      if (!result.error) setSentTo(data.email);
      return result;
    },
    onSuccess: async () => {},
    failureMessage: "Could not send the link. Please try again.",
  });

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center text-sm">
        <MailCheck className="size-8 text-primary" aria-hidden="true" />
        <p>
          If an account uses <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The
          link works once and expires in 1 hour.
        </p>
        <Button variant="outline" onClick={() => setSentTo(null)}>
          Use another address
        </Button>
      </div>
    );
  }

  return (
    <AuthForm form={form}>
      <AuthEmailInput form={form} />
      <Button type="submit" className="w-full">
        {form.pending ? "Sending…" : "Send reset link"}
      </Button>
    </AuthForm>
  );
}
