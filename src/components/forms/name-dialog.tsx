// A one-field (plus optional description) create/rename dialog: validates inline with the shared
// schema, disables while saving, reports the outcome with a toast.
import { type FormEvent, type ReactNode, useState } from "react";
import type { z } from "zod";
import { FormAlert } from "~/components/auth/form-alert.tsx";
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
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { type FieldErrors, submitForm } from "./form-errors.ts";
import { useFocusFirstError } from "./use-focus-first-error.ts";

interface NameDialogProps {
  trigger: ReactNode;
  title: string;
  description: string;
  nameLabel: string;
  submitLabel: string;
  schema: z.ZodType;
  withDescription?: boolean;
  initial?: { name: string; description?: string };
  successMessage: (name: string) => string;
  onSubmit: (values: { name: string; description?: string }) => Promise<unknown>;
}

export function NameDialog(props: NameDialogProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(props.initial?.name ?? "");
  const [description, setDescription] = useState(props.initial?.description ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const focusFirstError = useFocusFirstError();

  const changeOpen = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (next) {
      setName(props.initial?.name ?? "");
      setDescription(props.initial?.description ?? "");
      setErrors({});
      setFormError(null);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setPending(true);
    const saved = await submitForm({
      schema: props.schema,
      values: props.withDescription ? { name, description } : { name },
      setErrors,
      showError: setFormError,
      onFailed: () => focusFirstError(form),
      save: () => props.onSubmit({ name: name.trim(), ...(props.withDescription ? { description } : {}) }),
      success: props.successMessage(name.trim()),
    });
    setPending(false);
    if (saved) setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{props.trigger}</DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>{props.description}</DialogDescription>
          </DialogHeader>
          <FormAlert message={formError} />
          <FormField label={props.nameLabel} error={errors.name}>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
              disabled={pending}
              name="name"
            />
          </FormField>
          {props.withDescription ? (
            <FormField label="Description (optional)" error={errors.description}>
              <Textarea
                value={description}
                onChange={(e) => setDescription(e.target.value)}
                disabled={pending}
                name="description"
                rows={3}
              />
            </FormField>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving…" : props.submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
