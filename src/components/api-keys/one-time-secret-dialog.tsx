// The views of a dialog that shows a secret once, driven by useOneTimeSecretDialog: the secret with its
// warning and Done, and the question asked when it is closed before the secret was copied. The create
// dialogs (API keys, management tokens) put their form before these; OneTimeSecretDialog is the whole
// dialog for secrets made elsewhere (a webhook's signing secret, an agent trigger's URL).
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter, DialogHeading } from "~/components/ui/dialog.tsx";
import { OneTimeSecret } from "./one-time-secret.tsx";
import type { OneTimeSecretDialogState } from "./use-one-time-secret-dialog.ts";

export interface SecretWording {
  /** What the secret is, for the field's and copy button's names ("management token"). */
  label: string;
  /** Title while it is shown ("Copy your new API key"). */
  title: ReactNode;
  description: ReactNode;
  /** The warning beside the secret ("This is the only time the key is shown…"). */
  warning: ReactNode;
  /** Title and description of the question asked on closing before a copy. */
  askTitle: ReactNode;
  askDescription: ReactNode;
  /** The button that goes back from the question ("Back to the key"). */
  backLabel: string;
  /** A class for the description, e.g. break-all for a URL. */
  descriptionClassName?: string;
}

/** The secret, its warning, anything `children` adds (snippets), and Done. */
function SecretShown({
  state,
  secret,
  wording,
  children,
}: {
  state: OneTimeSecretDialogState;
  secret: string;
  wording: SecretWording;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <DialogHeading
        title={wording.title}
        description={wording.description}
        descriptionClassName={wording.descriptionClassName}
      />
      <OneTimeSecret secret={secret} label={wording.label} onCopied={state.markCopied}>
        {wording.warning}
      </OneTimeSecret>
      {children}
      <DialogFooter>
        <Button type="button" onClick={state.close}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}

/** Asked when the dialog is closed before the secret was copied: copy it now, go back, or close. */
function AskBeforeClosing({
  state,
  secret,
  wording,
}: {
  state: OneTimeSecretDialogState;
  secret: string;
  wording: SecretWording;
}) {
  return (
    <div className="flex flex-col gap-4">
      <DialogHeading title={wording.askTitle} description={wording.askDescription} />
      <OneTimeSecret secret={secret} label={wording.label} onCopied={state.markCopied}>
        Copy it now if you have not.
      </OneTimeSecret>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={state.backToSecret}>
          {wording.backLabel}
        </Button>
        <Button type="button" onClick={state.close}>
          {state.copied ? "Close" : "Close without copying"}
        </Button>
      </DialogFooter>
    </div>
  );
}

/** The shown view or the question, whichever the state is in; nothing before a secret is there. */
export function SecretViews({
  state,
  wording,
  children,
}: {
  state: OneTimeSecretDialogState;
  wording: SecretWording;
  children?: ReactNode;
}) {
  if (!state.secret) return null;
  return state.askingToClose ? (
    <AskBeforeClosing state={state} secret={state.secret} wording={wording} />
  ) : (
    <SecretShown state={state} secret={state.secret} wording={wording}>
      {children}
    </SecretShown>
  );
}

/** A dialog that only shows a secret made elsewhere: open it with `state.show(secret)`. */
export function OneTimeSecretDialog({
  state,
  wording,
}: {
  state: OneTimeSecretDialogState;
  wording: SecretWording;
}) {
  return (
    <Dialog open={state.open} onOpenChange={state.changeOpen}>
      <DialogContent>
        <SecretViews state={state} wording={wording} />
      </DialogContent>
    </Dialog>
  );
}
