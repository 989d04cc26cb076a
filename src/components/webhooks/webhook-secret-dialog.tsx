// A webhook endpoint's signing secret, shown the one time it can be: right after the endpoint is added
// or its secret rotated. Portico keeps it encrypted to sign with, and never shows it again; closing the
// dialog before copying it asks first, as for API keys.
import { OneTimeSecretDialog } from "~/components/api-keys/one-time-secret-dialog.tsx";
import type { OneTimeSecretDialogState } from "~/components/api-keys/use-one-time-secret-dialog.ts";

export function WebhookSecretDialog({ state, url }: { state: OneTimeSecretDialogState; url: string }) {
  return (
    <OneTimeSecretDialog
      state={state}
      wording={{
        label: "signing secret",
        title: "Signing secret",
        description: `For ${url}`,
        descriptionClassName: "break-all",
        warning:
          'Copy it now: it is shown only once. Your receiver verifies each request with it (see "Verifying requests" on this page).',
        askTitle: "Did you copy the signing secret?",
        askDescription:
          "Once this dialog closes nobody can see the secret again. Without a copy you would have to rotate it and update your receiver.",
        backLabel: "Back to the secret",
      }}
    />
  );
}
