// A one-field (plus optional description) create/rename dialog: validates inline with the shared
// schema, disables while saving, reports the outcome with a toast.
import { type FormEvent, type ReactNode, useState } from "react";
import type { z } from "zod";
import { FormDialog } from "~/components/ui/form-dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { useSubmitForm } from "./use-submit-form.ts";

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
  const [pending, setPending] = useState(false);
  const form = useSubmitForm();

  const changeOpen = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (next) {
      setName(props.initial?.name ?? "");
      setDescription(props.initial?.description ?? "");
      form.reset();
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    setPending(true);
    const saved = await form.submit(event, {
      schema: props.schema,
      values: props.withDescription ? { name, description } : { name },
      save: () => props.onSubmit({ name: name.trim(), ...(props.withDescription ? { description } : {}) }),
      success: props.successMessage(name.trim()),
    });
    setPending(false);
    if (saved) setOpen(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={props.trigger}
      title={props.title}
      description={props.description}
      onSubmit={submit}
      error={form.formError}
      pending={pending}
      submitLabel={props.submitLabel}
      pendingLabel="Saving…"
      onCancel={() => changeOpen(false)}
    >
      <FormField label={props.nameLabel} error={form.errors.name}>
        <Input
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoFocus
          disabled={pending}
          name="name"
        />
      </FormField>
      {props.withDescription ? (
        <FormField label="Description (optional)" error={form.errors.description}>
          <Textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            disabled={pending}
            name="description"
            rows={3}
          />
        </FormField>
      ) : null}
    </FormDialog>
  );
}
