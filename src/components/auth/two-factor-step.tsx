// The second sign-in step of an account with two-factor authentication: the code from the authenticator
// app, or one of the backup codes, and whether to trust this browser. It is part of /sign-in itself (no
// page of its own), so the OAuth request in the page's search is still there when it succeeds, and
// signing in goes on to the consent screen exactly as after a password.
import { useState } from "react";
import { z } from "zod";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TRUST_DEVICE_DAYS } from "~/lib/two-factor.ts";
import { authClient } from "./auth-client.ts";
import { AuthForm } from "./auth-form.tsx";
import type { AuthSearch } from "./auth-search.ts";
import { backupCodeField, RESTART_SIGN_IN_CODES, totpCodeField } from "./two-factor-fields.ts";
import { useAuthForm } from "./use-auth-form.ts";
import { useFinishAuth } from "./use-finish-auth.ts";

export type CodeMethod = "totp" | "backup";

const schemas = {
  totp: z.object({ code: totpCodeField }),
  backup: z.object({ code: backupCodeField }),
};

interface TwoFactorStepProps {
  search: AuthSearch;
  method: CodeMethod;
  onMethodChange: (method: CodeMethod) => void;
  /** The step cannot go on (expired, too many wrong codes): back to the password, with this message. */
  onRestart: (message: string | null) => void;
}

export function TwoFactorStep({ search, method, onMethodChange, onRestart }: TwoFactorStepProps) {
  const [trustDevice, setTrustDevice] = useState(false);
  const form = useAuthForm({
    schema: schemas[method],
    initial: { code: "" },
    send: async ({ code }) => {
      const twoFactor = authClient().twoFactor;
      const result =
        method === "totp"
          ? await twoFactor.verifyTotp({ code, trustDevice })
          : await twoFactor.verifyBackupCode({ code, trustDevice });
      if (result.error?.code && RESTART_SIGN_IN_CODES.includes(result.error.code)) {
        onRestart(result.error.message ?? null);
      }
      return result;
    },
    onSuccess: useFinishAuth(search),
    failureMessage: "That code could not be checked. Please try again.",
  });

  return (
    <AuthForm form={form}>
      {method === "totp" ? (
        <BoundInput
          form={form}
          name="code"
          label="Authentication code"
          hint="The 6-digit code your authenticator app shows for Portico."
          autoComplete="one-time-code"
          inputMode="numeric"
          // The step appears after the password was accepted: the person's next keystroke is the code.
          autoFocus
          maxLength={9}
          className="text-center font-mono text-lg tracking-[0.3em]"
        />
      ) : (
        <BoundInput
          form={form}
          name="code"
          label="Backup code"
          hint="Each backup code works once."
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          className="font-mono"
        />
      )}
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.target.checked)}
        />
        <span>
          Trust this device for {TRUST_DEVICE_DAYS} days
          <span className="block text-muted-foreground">Only on a device no one else uses.</span>
        </span>
      </label>
      <Button type="submit" className="w-full">
        {form.pending ? "Checking…" : "Verify and sign in"}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="text-primary underline-offset-4 hover:underline focus-visible:underline"
          onClick={() => onMethodChange(method === "totp" ? "backup" : "totp")}
        >
          {method === "totp" ? "Use a backup code instead" : "Use your authenticator app"}
        </button>
        <button
          type="button"
          className="text-muted-foreground underline-offset-4 hover:underline focus-visible:underline"
          onClick={() => onRestart(null)}
        >
          Back to password
        </button>
      </div>
    </AuthForm>
  );
}
