// A confirmation for an admin action on a named person or session (ban, delete, sign out). Unlike the
// generic ConfirmDialog it keeps a refusal in place inside the dialog, where the admin is looking.
import { type ReactNode, useState } from "react";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { Button } from "~/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog.tsx";

export interface ActionDialogProps {
  trigger: ReactNode;
  title: string;
  /** Names what the action applies to, e.g. "Ban ada@example.com? They are signed out at once." */
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** Extra fields (e.g. the ban reason). */
  children?: ReactNode;
  /** Throws to refuse; the message is shown in the dialog, which stays open. */
  onConfirm: () => Promise<unknown>;
  onOpenChange?: (open: boolean) => void;
}

export function ActionDialog(props: ActionDialogProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const changeOpen = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    setError(null);
    props.onOpenChange?.(next);
  };

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await props.onConfirm();
      setOpen(false);
      props.onOpenChange?.(false);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{props.trigger}</DialogTrigger>
      <DialogContent>
        <form onSubmit={(event) => void confirm(event)} noValidate className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>{props.description}</DialogDescription>
          </DialogHeader>
          <FormAlert message={error} />
          {props.children}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={props.destructive ? "destructive" : "default"} disabled={pending}>
              {pending ? "Working…" : props.confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
