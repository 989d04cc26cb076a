// Turning two-factor sign-in on, in the card: the password, then the authenticator app (QR code, or the
// key typed by hand) and its first code. Only that code turns it on, so a half-done setup changes
// nothing about signing in. The backup codes the server made at the start are shown by the card once
// the code has been accepted.
import { z } from "zod";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { totpCodeField } from "~/components/auth/two-factor-fields.ts";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { useInlineForm } from "~/components/forms/use-inline-form.ts";
import { Button } from "~/components/ui/button.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { QrCode } from "./qr-code.tsx";
import {
  confirmTwoFactorSetup,
  manualEntryKey,
  startTwoFactorSetup,
  type TwoFactorSetup,
} from "./two-factor-calls.ts";

const passwordSchema = z.object({ password: z.string().min(1, "Enter your password") });
const codeSchema = z.object({ code: totpCodeField });

function StepButtons(props: { pending: boolean; label: string; pendingLabel: string; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={props.pending}>
        {props.pending ? props.pendingLabel : props.label}
      </Button>
      <Button type="button" variant="outline" onClick={props.onCancel} disabled={props.pending}>
        Cancel
      </Button>
    </div>
  );
}

/** Step 1: the password, which the server checks before it makes a new authenticator key. */
export function SetupPasswordStep(props: {
  onStarted: (setup: TwoFactorSetup) => void;
  onCancel: () => void;
}) {
  const form = useInlineForm({
    schema: passwordSchema,
    initial: { password: "" },
    save: async ({ password }) => props.onStarted(await startTwoFactorSetup(password)),
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void form.onSubmit(event)}>
      <FormAlert message={form.serverError} />
      <BoundInput
        form={form}
        name="password"
        label="Confirm your password to start"
        type="password"
        autoComplete="current-password"
        // Opened by the "Set up" button: typing the password is the only thing to do next.
        autoFocus
        disabled={form.pending}
      />
      <StepButtons
        pending={form.pending}
        label="Continue"
        pendingLabel="Checking…"
        onCancel={props.onCancel}
      />
    </form>
  );
}

/** Step 2: the key into the app, and the app's first code back, which turns two-factor sign-in on. */
export function SetupScanStep(props: {
  setup: TwoFactorSetup;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const key = manualEntryKey(props.setup.totpURI);
  const form = useInlineForm({
    schema: codeSchema,
    initial: { code: "" },
    save: ({ code }) => confirmTwoFactorSetup(code),
    onSaved: props.onConfirmed,
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void form.onSubmit(event)}>
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm">
        <li>
          <p>
            Scan this QR code with an authenticator app (1Password, Google Authenticator, Microsoft
            Authenticator, Authy…).
          </p>
          <div className="mt-3 -ml-5 flex justify-center sm:ml-0 sm:justify-start">
            <QrCode text={props.setup.totpURI} label="QR code to add Portico to your authenticator app" />
          </div>
        </li>
        <li>
          <p>Or, if you cannot scan it, type this key into the app:</p>
          {/* No wrapping: the Copy button stays beside the key it copies, the key breaks instead. */}
          <div className="mt-2 -ml-5 flex min-w-0 items-center gap-2 sm:ml-0" data-testid="totp-key-row">
            <code
              className="min-w-0 break-words rounded-md border bg-muted/40 px-2 py-1.5 font-mono text-sm"
              data-testid="totp-manual-key"
            >
              {key}
            </code>
            <span className="shrink-0">
              <CopyButton text={key.replace(/ /g, "")} label="setup key" />
            </span>
          </div>
        </li>
        <li>
          <p>Enter the 6-digit code the app now shows for Portico.</p>
        </li>
      </ol>
      <FormAlert message={form.serverError} />
      <BoundInput
        form={form}
        name="code"
        label="Code from the app"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={9}
        className="max-w-40 font-mono tracking-[0.2em]"
        disabled={form.pending}
      />
      <StepButtons
        pending={form.pending}
        label="Turn on two-factor authentication"
        pendingLabel="Checking…"
        onCancel={props.onCancel}
      />
    </form>
  );
}
