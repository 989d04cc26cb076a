// A confirmation for an admin action on a named person or session (ban, delete, sign out). Unlike the
// generic ConfirmDialog it keeps a refusal in place inside the dialog, where the admin is looking.
import { type ReactNode, useState } from "react";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { FormDialog } from "~/components/ui/form-dialog.tsx";

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
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={props.trigger}
      title={props.title}
      description={props.description}
      onSubmit={confirm}
      error={error}
      pending={pending}
      submitLabel={props.confirmLabel}
      pendingLabel="Working…"
      destructive={props.destructive}
      onCancel={() => changeOpen(false)}
    >
      {props.children}
    </FormDialog>
  );
}
