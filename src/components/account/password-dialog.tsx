// An account change that needs the password again (deleting the account, new backup codes, turning
// two-factor off): the password is asked in a dialog and a refusal shows there, where the person is looking.
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { useFocusFirstError } from "~/components/forms/use-focus-first-error.ts";
import { FormDialog } from "~/components/ui/form-dialog.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";

interface PasswordDialogProps {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  /** Runs with the password; a thrown error is shown in the dialog, which closes on success. */
  onConfirm: (password: string) => Promise<unknown>;
}

export function PasswordDialog(props: PasswordDialogProps) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const passwordId = useId();
  const focusFirstError = useFocusFirstError();

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    if (!password) {
      setError("Enter your password to confirm.");
      focusFirstError(form);
      return;
    }
    setPending(true);
    try {
      await props.onConfirm(password);
      setOpen(false);
      setPassword("");
    } catch (caught) {
      setError(errorMessage(caught));
      focusFirstError(form);
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setPassword("");
        setError(null);
      }}
      trigger={props.trigger}
      title={props.title}
      description={props.description}
      onSubmit={confirm}
      error={error}
      pending={pending}
      submitLabel={props.confirmLabel}
      pendingLabel={props.pendingLabel}
      destructive={props.destructive}
      onCancel={() => setOpen(false)}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={passwordId}>Your password</Label>
        <Input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={pending}
        />
      </div>
    </FormDialog>
  );
}
