// Creates an API key in place (the overview's setup card), without the dialog of the API keys page: a
// name, one button, and the new key with its secret handed back to fill the snippets (shown only once).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { type FieldErrors, submitForm } from "~/components/forms/form-errors.ts";
import { Button } from "~/components/ui/button.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { apiKeyNameField } from "~/lib/validation.ts";

export interface SnippetKey {
  id: string;
  name: string;
  masked: string;
}

/** A key created on this page: its secret lives only in this page's memory, never in a cache. */
export interface FreshKey extends SnippetKey {
  secret: string;
}

const schema = z.object({ name: apiKeyNameField });

export function QuickCreateKeyForm({
  projectId,
  suggestedName,
  onCreated,
  onCancel,
}: {
  projectId: string;
  suggestedName: string;
  onCreated: (key: FreshKey) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.apiKeys.create.mutationOptions());
  const [name, setName] = useState(suggestedName);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await submitForm({
      schema,
      values: { name },
      setErrors,
      showError: setFailure,
      save: async () => {
        const created = await create.mutateAsync({ projectId, name: name.trim() });
        const key = { id: created.id, name: created.name, masked: created.masked };
        // The picker lists the new key at once (newest first); the refetch confirms it.
        const listOptions = trpc.apiKeys.getUserApiKeysForSnippets.queryOptions({ projectId });
        queryClient.setQueryData(listOptions.queryKey, (keys) => [key, ...(keys ?? [])]);
        onCreated({ ...key, secret: created.secret });
        await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.pathKey() });
      },
      success: `API key "${name.trim()}" created`,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="Create an API key">
      <FormField
        label="Key name"
        error={errors.name}
        hint="Name it after where it will be used, e.g. the client and the computer."
      >
        <Input
          value={name}
          onChange={(event) => setName(event.target.value)}
          disabled={create.isPending}
          name="name"
          autoFocus
        />
      </FormField>
      <ErrorText message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create key"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
