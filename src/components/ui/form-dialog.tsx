// The one shape of the create and edit dialogs: a header (title and description), a form whose refusal
// is shown in place, under the header, and a footer with Cancel and a submit button that says when the
// save is under way. FormDialog is the whole dialog; FormDialogForm is its form alone, for dialogs that
// show something else in the same panel afterwards (a new key's secret).
import type { FormEvent, ReactNode } from "react";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { Button } from "./button.tsx";
import { Dialog, DialogContent, DialogFooter, DialogHeading, DialogTrigger } from "./dialog.tsx";

export interface FormDialogFooterProps {
  /** A save is under way: the buttons are disabled and the submit button reads `pendingLabel`. */
  pending: boolean;
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
  destructive?: boolean;
  /** Where it is left out the dialog has no Cancel button (its close button and Escape still close it). */
  onCancel?: () => void;
  /** Cancel is disabled while the save is under way unless said otherwise. */
  cancelDisabled?: boolean;
}

export function FormDialogFooter({
  pending,
  submitLabel,
  pendingLabel,
  destructive = false,
  onCancel,
  cancelDisabled = pending,
}: FormDialogFooterProps) {
  return (
    <DialogFooter>
      {onCancel ? (
        <Button type="button" variant="outline" onClick={onCancel} disabled={cancelDisabled}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}

export interface FormDialogFormProps extends FormDialogFooterProps {
  title: ReactNode;
  /** e.g. a title with an icon before it. */
  titleClassName?: string;
  description: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The form's own name, where tests or assistive technology tell it from others on the page. */
  "aria-label"?: string;
  /** The form's refusal, shown under the header; dialogs that place it elsewhere put it in `children`. */
  error?: string | null;
  /** The fields, between the refusal and the footer. */
  children: ReactNode;
}

export function FormDialogForm({
  title,
  titleClassName,
  description,
  onSubmit,
  "aria-label": ariaLabel,
  error = null,
  children,
  ...footer
}: FormDialogFormProps) {
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={ariaLabel}
    >
      <DialogHeading title={title} titleClassName={titleClassName} description={description} />
      <FormAlert message={error} />
      {children}
      <FormDialogFooter {...footer} />
    </form>
  );
}

export interface FormDialogProps extends FormDialogFormProps {
  open: boolean;
  /** Not called while a save is under way: the dialog stays open until it settles. */
  onOpenChange: (open: boolean) => void;
  /** The button that opens it; left out where the dialog is opened from elsewhere. */
  trigger?: ReactNode;
  contentClassName?: string;
}

export function FormDialog({ open, onOpenChange, trigger, contentClassName, ...form }: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!form.pending) onOpenChange(next);
      }}
    >
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={contentClassName}>
        <FormDialogForm {...form} />
      </DialogContent>
    </Dialog>
  );
}
