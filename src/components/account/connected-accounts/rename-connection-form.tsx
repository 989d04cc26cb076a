// The inline form that names one of the person's connections ("Work mail"); empty clears the label, so
// the account's own name shows again. Enter saves, Escape cancels; focus starts in the field.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { z } from "zod";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { useInlineForm } from "~/components/forms/use-inline-form.ts";
import { Button } from "~/components/ui/button.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { connectionLabelField } from "~/lib/validation.ts";

const schema = z.object({ label: connectionLabelField });

export function RenameConnectionForm({
  organizationId,
  connectionId,
  label,
  fallbackName,
  onDone,
}: {
  organizationId: string;
  connectionId: string;
  label: string | null;
  /** What the connection is called without a label (the account, else the provider). */
  fallbackName: string;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rename = useMutation(trpc.integrations.connections.rename.mutationOptions());
  const field = useRef<HTMLInputElement>(null);
  const form = useInlineForm({
    schema,
    initial: { label: label ?? "" },
    save: (data) =>
      rename.mutateAsync({ organizationId, connectionId, label: data.label ? data.label : null }),
    onSaved: async (data) => {
      await queryClient.invalidateQueries({
        queryKey: trpc.integrations.connections.getMyConnections.queryKey(),
      });
      toast.success(data.label ? `Label saved: ${data.label}` : "Label removed");
      onDone();
    },
  });
  useEffect(() => field.current?.focus(), []);

  return (
    <form
      onSubmit={(event) => void form.onSubmit(event)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !form.pending) {
          event.stopPropagation();
          onDone();
        }
      }}
      noValidate
      className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3"
    >
      <FormAlert message={form.serverError} />
      <BoundInput
        ref={field}
        form={form}
        name="label"
        label="Label"
        hint={`Shown instead of "${fallbackName}". Leave empty to show that again.`}
        autoComplete="off"
        disabled={form.pending}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={form.pending}>
          {form.pending ? "Saving…" : "Save label"}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone} disabled={form.pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
