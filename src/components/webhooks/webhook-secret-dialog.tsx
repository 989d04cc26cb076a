// A webhook endpoint's signing secret, shown the one time it can be: right after the endpoint is added
// or its secret rotated. Portico keeps it encrypted to sign with, and never shows it again.
import { OneTimeSecret } from "~/components/api-keys/one-time-secret.tsx";
import { Button } from "~/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog.tsx";

export function WebhookSecretDialog({
  secret,
  url,
  onClose,
}: {
  secret: string | null;
  url: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Signing secret</DialogTitle>
          <DialogDescription className="break-all">For {url}</DialogDescription>
        </DialogHeader>
        {secret ? (
          <OneTimeSecret secret={secret} label="signing secret">
            Copy it now: it is shown only once. Your receiver verifies each request with it (see "Verifying
            requests" on this page).
          </OneTimeSecret>
        ) : null}
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
