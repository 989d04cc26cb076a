// Creates an organization's management token — a name, its scopes, an expiry — then shows its secret
// once with a copy button: after this dialog closes nobody can see it again (only its hash is stored),
// so closing it (Escape, the close button, a click outside, Done) before it was copied asks first, as
// the API key dialog does (api-keys/create-api-key-dialog.tsx).

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { CreateSecretDialog } from "~/components/api-keys/create-secret-dialog.tsx";
import type { SecretWording } from "~/components/api-keys/one-time-secret-dialog.tsx";
import { useOneTimeSecretDialog } from "~/components/api-keys/use-one-time-secret-dialog.ts";
import { type ExpiryChoice, ExpirySelect, expiresAtOf } from "~/components/forms/expiry-select.tsx";
import { useSubmitForm } from "~/components/forms/use-submit-form.ts";
import { managementScopes } from "~/lib/management-scopes.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { managementTokenNameField } from "~/lib/validation.ts";
import { type ScopeChoice, ScopePicker, scopesOf } from "./scope-picker.tsx";

const schema = z.object({
  name: managementTokenNameField,
  // The server's rule (management-token-schemas.ts), in the words of this form's per-resource choice.
  scopes: z.array(z.enum(managementScopes)).min(1, "Choose at least one resource to give access to"),
});

const wording: SecretWording = {
  label: "management token",
  title: "Copy your new management token",
  description: (
    <>
      Send it to the management API as <code>Authorization: Bearer …</code>. It does not work on{" "}
      <code>/mcp</code>: agents use project API keys.
    </>
  ),
  warning: "This is the only time the token is shown. Portico stores only a hash of it.",
  askTitle: "Did you copy your management token?",
  askDescription:
    "Once this dialog closes nobody can see the token again: Portico stores only a hash of it. Without a copy you would have to create a new token.",
  backLabel: "Back to the token",
};

export function CreateManagementTokenDialog({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.managementTokens.create.mutationOptions());
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState<ExpiryChoice>("90");
  const [scopes, setScopes] = useState<ScopeChoice>({ mode: "read" });
  const form = useSubmitForm();
  const dialog = useOneTimeSecretDialog({
    busy: create.isPending,
    onOpen: () => {
      setName("");
      setExpiry("90");
      setScopes({ mode: "read" });
      form.reset();
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    const chosen = scopesOf(scopes);
    await form.submit(event, {
      schema,
      values: { name, scopes: chosen },
      save: async () => {
        const created = await create.mutateAsync({
          organizationId,
          name: name.trim(),
          scopes: chosen,
          expiresAt: expiresAtOf(expiry),
        });
        dialog.show(created.secret);
        await queryClient.invalidateQueries({ queryKey: trpc.managementTokens.pathKey() });
      },
      success: `Management token "${name.trim()}" created`,
    });
  };

  return (
    <CreateSecretDialog
      state={dialog}
      wording={wording}
      triggerLabel="Create token"
      title="Create management token"
      description="A token lets your own backend manage this organization through the management API. Name it after the system that will hold it."
      onSubmit={submit}
      error={form.formError}
      pending={create.isPending}
      submitLabel="Create token"
      name={name}
      onNameChange={setName}
      nameError={form.errors.name}
      namePlaceholder="e.g. Provisioning service"
    >
      <ScopePicker
        value={scopes}
        onChange={(next) => {
          setScopes(next);
          form.setErrors(({ scopes: _, ...rest }) => rest);
        }}
        disabled={create.isPending}
        error={form.errors.scopes}
      />
      <ExpirySelect value={expiry} onChange={setExpiry} disabled={create.isPending} />
    </CreateSecretDialog>
  );
}
