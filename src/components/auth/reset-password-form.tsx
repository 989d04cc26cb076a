import { Link } from "@tanstack/react-router";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { NewPasswordInput } from "~/components/forms/new-password-input.tsx";
import { Button } from "~/components/ui/button.tsx";
import { buttonVariants } from "~/components/ui/button-variants.ts";
import { passwordField } from "~/lib/validation.ts";
import { authClient } from "./auth-client.ts";
import { AuthForm } from "./auth-form.tsx";
import { useAuthForm } from "./use-auth-form.ts";

const schema = z
  .object({ password: passwordField, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ["confirm"],
    message: "The passwords do not match",
  });

export const INVALID_RESET_LINK = "This reset link is invalid, already used or expired. Ask for a new one.";

export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const form = useAuthForm({
    schema,
    initial: { password: "", confirm: "" },
    send: async (data) => {
      const result = await authClient().resetPassword({ newPassword: data.password, token });
      if (result.error && (result.error.status === 400 || result.error.code === "INVALID_TOKEN")) {
        return { error: { message: INVALID_RESET_LINK } };
      }
      return result;
    },
    onSuccess: async () => setDone(true),
    failureMessage: "Could not set the new password. Please try again.",
  });

  if (done) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center text-sm">
        <CircleCheck className="size-8 text-success" aria-hidden="true" />
        <p>Your password has been changed and every session of your account signed out.</p>
        <Link to="/sign-in" className={buttonVariants({ className: "w-full" })}>
          Sign in with the new password
        </Link>
      </div>
    );
  }

  return (
    <AuthForm form={form}>
      <NewPasswordInput form={form} name="password" label="New password" />
      <BoundInput
        form={form}
        name="confirm"
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
      />
      <Button type="submit" className="w-full">
        {form.pending ? "Saving…" : "Set new password"}
      </Button>
    </AuthForm>
  );
}
