import { AlertDialog } from "radix-ui";
import { type ReactNode, useId, useState } from "react";
import { toast } from "sonner";
import { DEFAULT_ERROR_MESSAGE } from "~/components/errors/error-copy.ts";
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
  /** Runs on confirm; the dialog stays open (buttons disabled) until it settles, closes on success and
   * shows a thrown error's message as a toast. */
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
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [pending, setPending] = useState(false);
  const inputId = useId();
  const confirmed = !requireTyping || typed === subject;

  const changeOpen = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) setTyped("");
  };

  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
      setTyped("");
    } catch (error) {
      // The dialog stays open so the user can retry or cancel; the reason is shown as a toast.
      toast.error(error instanceof Error ? error.message : DEFAULT_ERROR_MESSAGE);
    } finally {
      setPending(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={changeOpen}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className={dialogPanelClasses}>
          <div className="flex flex-col gap-2">
            <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">
              This permanently deletes <strong className="font-semibold text-foreground">{subject}</strong>.
              This cannot be undone.
            </AlertDialog.Description>
            {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
          </div>
          {requireTyping ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor={inputId}>
                Type <span className="font-mono">{subject}</span> to confirm
              </Label>
              <Input
                id={inputId}
                value={typed}
                autoComplete="off"
                onChange={(event) => setTyped(event.target.value)}
                disabled={pending}
              />
            </div>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button variant="destructive" disabled={!confirmed || pending} onClick={() => void confirm()}>
              {pending ? "Working…" : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
