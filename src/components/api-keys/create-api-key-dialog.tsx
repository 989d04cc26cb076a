// Creates a project API key — a project key (the project's own identity: shared connections only) or a
// personal key (acts as its creator, with their own connected accounts) — then shows its secret once
// with a copy button: after this dialog closes nobody can see it again (only its hash is stored), so
// closing it (Escape, the close button, a click outside, Done) before the key was copied asks first.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { type ExpiryChoice, ExpirySelect, expiresAtOf } from "~/components/forms/expiry-select.tsx";
import { useSubmitForm } from "~/components/forms/use-submit-form.ts";
import { RadioOption } from "~/components/servers/radio-option.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { type ApiKeyKind, apiKeyNameField } from "~/lib/validation.ts";
import { CreateSecretDialog } from "./create-secret-dialog.tsx";
import { NewKeySnippets } from "./new-key-snippets.tsx";
import type { SecretWording } from "./one-time-secret-dialog.tsx";
import { useOneTimeSecretDialog } from "./use-one-time-secret-dialog.ts";

const schema = z.object({ name: apiKeyNameField });

const kindChoices: { value: ApiKeyKind; title: string; description: string }[] = [
  {
    value: "project",
    title: "Project key",
    description:
      "For a shared agent or service. Uses the organization's shared connections only; servers that use each caller's own account refuse it.",
  },
  {
    value: "personal",
    title: "Personal key",
    description:
      "Acts as you and uses your own connected accounts where a server asks for them. Stops working if you leave the project.",
  },
];

const wording: SecretWording = {
  label: "API key",
  title: "Copy your new API key",
  description: (
    <>
      Paste it into your MCP client as <code>Authorization: Bearer …</code>.
    </>
  ),
  warning: "This is the only time the key is shown. Portico stores only a hash of it.",
  askTitle: "Did you copy your API key?",
  askDescription:
    "Once this dialog closes nobody can see the key again: Portico stores only a hash of it. Without a copy you would have to create a new key.",
  backLabel: "Back to the key",
};

export function CreateApiKeyDialog({ projectId, baseUrl }: { projectId: string; baseUrl: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.apiKeys.create.mutationOptions());
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState<ExpiryChoice>("never");
  const [kind, setKind] = useState<ApiKeyKind>("project");
  const form = useSubmitForm();
  const dialog = useOneTimeSecretDialog({
    busy: create.isPending,
    onOpen: () => {
      setName("");
      setExpiry("never");
      setKind("project");
      form.reset();
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await form.submit(event, {
      schema,
      values: { name },
      save: async () => {
        const created = await create.mutateAsync({
          projectId,
          name: name.trim(),
          expiresAt: expiresAtOf(expiry),
          kind,
        });
        dialog.show(created.secret);
        await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.pathKey() });
      },
      success: `${kind === "personal" ? "Personal" : "Project"} API key "${name.trim()}" created`,
    });
  };

  return (
    <CreateSecretDialog
      state={dialog}
      wording={wording}
      secretExtra={(secret) => <NewKeySnippets secret={secret} baseUrl={baseUrl} />}
      triggerLabel="Create API key"
      title="Create API key"
      description="A key gives an agent this project's tools. Name it after where it will be used."
      onSubmit={submit}
      error={form.formError}
      pending={create.isPending}
      submitLabel="Create key"
      name={name}
      onNameChange={setName}
      nameError={form.errors.name}
      namePlaceholder="e.g. Claude Desktop on Anna's laptop"
    >
      <fieldset className="flex flex-col gap-2" disabled={create.isPending}>
        <legend className="mb-2 text-sm font-medium">Key type</legend>
        {kindChoices.map((choice) => (
          <RadioOption
            key={choice.value}
            name="kind"
            value={choice.value}
            checked={kind === choice.value}
            onChange={(value) => setKind(value as ApiKeyKind)}
            title={choice.title}
            description={choice.description}
          />
        ))}
      </fieldset>
      <ExpirySelect value={expiry} onChange={setExpiry} disabled={create.isPending} />
    </CreateSecretDialog>
  );
}
