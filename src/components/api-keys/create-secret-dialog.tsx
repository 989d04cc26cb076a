// The create dialogs of API keys and management tokens: a form that names the new secret (and whatever
// else it asks), then, in the same panel, the secret shown once (SecretViews). `secretExtra` (the key's
// connection snippets) widens the panel while the secret is shown, so the snippets fit.
import { KeyRound } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { AddButton } from "~/components/ui/add-button.tsx";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog.tsx";
import { FormDialogForm } from "~/components/ui/form-dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { SecretViews, type SecretWording } from "./one-time-secret-dialog.tsx";
import type { OneTimeSecretDialogState } from "./use-one-time-secret-dialog.ts";

export function CreateSecretDialog({
  state,
  wording,
  secretExtra,
  triggerLabel,
  title,
  description,
  onSubmit,
  error,
  pending,
  submitLabel,
  name,
  onNameChange,
  nameError,
  namePlaceholder,
  children,
}: {
  state: OneTimeSecretDialogState;
  wording: SecretWording;
  /** Shown under the secret, made from it. */
  secretExtra?: (secret: string) => ReactNode;
  triggerLabel: string;
  title: string;
  description: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  error: string | null;
  pending: boolean;
  submitLabel: string;
  name: string;
  onNameChange: (name: string) => void;
  nameError: string | undefined;
  namePlaceholder: string;
  /** The form's fields after the name. */
  children: ReactNode;
}) {
  return (
    <Dialog open={state.open} onOpenChange={state.changeOpen}>
      <DialogTrigger asChild>
        <AddButton>{triggerLabel}</AddButton>
      </DialogTrigger>
      <DialogContent
        className={
          state.secret && secretExtra
            ? "max-h-[90svh] overflow-y-auto sm:max-w-2xl"
            : "max-h-[90svh] overflow-y-auto"
        }
      >
        {state.secret ? (
          <SecretViews state={state} wording={wording}>
            {secretExtra?.(state.secret)}
          </SecretViews>
        ) : (
          <FormDialogForm
            title={
              <>
                <KeyRound className="size-4" aria-hidden="true" /> {title}
              </>
            }
            titleClassName="flex items-center gap-2"
            description={description}
            onSubmit={onSubmit}
            error={error}
            pending={pending}
            submitLabel={submitLabel}
            pendingLabel="Creating…"
            onCancel={state.close}
          >
            <FormField label="Name" error={nameError}>
              <Input
                value={name}
                onChange={(e) => onNameChange(e.target.value)}
                placeholder={namePlaceholder}
                autoFocus
                disabled={pending}
                name="name"
              />
            </FormField>
            {children}
          </FormDialogForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
