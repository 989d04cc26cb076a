import { AlertDialog } from "radix-ui";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { Button } from "./button.tsx";
import { dialogPanelClasses, overlayClasses } from "./dialog.tsx";
import { Input } from "./input.tsx";
import { Label } from "./label.tsx";

export interface ConfirmDialogProps {
  /** The button (or other element) that opens the dialog. */
  trigger: ReactNode;
  /** e.g. "Delete project" */
  title: string;
  /** The name of the thing destroyed; shown in the text and, with requireTyping, typed to confirm. */
  subject: string;
  /** Extra consequence text, e.g. "Its API keys stop working immediately." */
  description?: ReactNode;
  /** Label of the confirming button, e.g. "Delete". */
  confirmLabel?: string;
  /** When true the confirm button stays disabled until `subject` is typed exactly. */
  requireTyping?: boolean;
  /**
   * For actions that delete nothing (leave, cancel a plan, remove something that can be added again):
   * the text then reads "You are about to <verb> <subject>." instead of "This permanently deletes…".
   */
  verb?: string;
  /** Runs on confirm; the dialog stays open (buttons disabled) until it settles, closes on success and
   * shows a thrown error's message inside the dialog, where the user is looking. */
  onConfirm: () => Promise<unknown> | unknown;
}

/** Destructive actions sit behind this: it names what is destroyed and can ask for the name to be typed. */
export function ConfirmDialog({
  trigger,
  title,
  subject,
  description,
  confirmLabel = "Delete",
  requireTyping = false,
  verb,
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const typedInput = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const confirmed = !requireTyping || typed === subject;

  const changeOpen = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    setError(null);
    if (!next) setTyped("");
  };

  // The controls were disabled while the action ran, which dropped focus; after a failure it goes to the
  // confirm button, so the message is read with it and Enter tries again.
  useEffect(() => {
    if (error) confirmButton.current?.focus();
  }, [error]);

  // A form, so Enter in the typed-name field confirms once the name matches.
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || pending) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
      setTyped("");
    } catch (failure) {
      // The dialog stays open so the user can retry or cancel, with the reason in it (not only a toast).
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={changeOpen}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          className={dialogPanelClasses}
          // Radix focuses Cancel first; where the name must be typed, the field is where to start.
          onOpenAutoFocus={(event) => {
            if (!requireTyping) return;
            event.preventDefault();
            typedInput.current?.focus();
          }}
        >
          <form onSubmit={(event) => void confirm(event)} noValidate className="contents">
            <div className="flex flex-col gap-2">
              <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
              <AlertDialog.Description className="text-sm text-muted-foreground">
                {verb ? (
                  <>
                    You are about to {verb}{" "}
                    <strong className="font-semibold text-foreground">{subject}</strong>.
                  </>
                ) : (
                  <>
                    This permanently deletes{" "}
                    <strong className="font-semibold text-foreground">{subject}</strong>. This cannot be
                    undone.
                  </>
                )}
              </AlertDialog.Description>
              {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
            </div>
            {requireTyping ? (
              <div className="flex flex-col gap-2">
                <Label htmlFor={inputId}>
                  Type <span className="font-mono">{subject}</span> to confirm
                </Label>
                <Input
                  ref={typedInput}
                  id={inputId}
                  value={typed}
                  autoComplete="off"
                  onChange={(event) => setTyped(event.target.value)}
                  disabled={pending}
                />
              </div>
            ) : null}
            <FormAlert message={error} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button type="button" variant="outline" disabled={pending}>
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              <Button
                ref={confirmButton}
                type="submit"
                variant="destructive"
                disabled={!confirmed || pending}
              >
                {pending ? "Working…" : confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
