import { useState } from "react";

/**
 * The state of a dialog that shows a secret once (an API key, a management token, a webhook's signing
 * secret, an agent trigger's URL): whether it is open, the secret, whether it was copied, and whether it
 * is asking before closing. Closing it in any way (Escape, the close button, a click outside, Done)
 * before the secret was copied asks first, because after that nobody can see it again.
 */
export function useOneTimeSecretDialog({
  busy = false,
  onOpen,
}: {
  /** While true (a create request in flight) the dialog neither opens nor closes. */
  busy?: boolean;
  /** Called when the dialog opens anew, to clear its form. */
  onOpen?: () => void;
} = {}) {
  const [open, setOpen] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [askingToClose, setAskingToClose] = useState(false);

  const changeOpen = (next: boolean) => {
    if (busy) return;
    if (!next && secret && !copied && !askingToClose) {
      setAskingToClose(true);
      return;
    }
    setOpen(next);
    setAskingToClose(false);
    if (next) {
      setSecret(null);
      setCopied(false);
      onOpen?.();
    }
  };

  /** Shows a secret just made, opening the dialog if it is not open yet. */
  const show = (value: string) => {
    setSecret(value);
    setCopied(false);
    setAskingToClose(false);
    setOpen(true);
  };

  return {
    open,
    secret,
    copied,
    askingToClose,
    changeOpen,
    show,
    close: () => changeOpen(false),
    markCopied: () => setCopied(true),
    backToSecret: () => setAskingToClose(false),
  };
}

export type OneTimeSecretDialogState = ReturnType<typeof useOneTimeSecretDialog>;
