// Creates a project API key — a project key (the project's own identity: shared connections only) or a
// personal key (acts as its creator, with their own connected accounts) — then shows its secret once
// with a copy button: after this dialog closes nobody can see it again (only its hash is stored), so
// closing it (Escape, the close button, a click outside, Done) before the key was copied asks first.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { type ExpiryChoice, ExpirySelect, expiresAtOf } from "~/components/forms/expiry-select.tsx";
import { type FieldErrors, submitForm } from "~/components/forms/form-errors.ts";
import { useFocusFirstError } from "~/components/forms/use-focus-first-error.ts";
import { RadioOption } from "~/components/servers/radio-option.tsx";
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
import { useTRPC } from "~/lib/trpc.ts";
import { type ApiKeyKind, apiKeyNameField } from "~/lib/validation.ts";
import { NewKeySnippets } from "./new-key-snippets.tsx";
import { SecretViews, type SecretWording } from "./one-time-secret-dialog.tsx";
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const focusFirstError = useFocusFirstError();
  const dialog = useOneTimeSecretDialog({
    busy: create.isPending,
    onOpen: () => {
      setName("");
      setExpiry("never");
      setKind("project");
      setErrors({});
      setFormError(null);
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    await submitForm({
      schema,
      values: { name },
      setErrors,
      showError: setFormError,
      onFailed: () => focusFirstError(form),
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
    <Dialog open={dialog.open} onOpenChange={dialog.changeOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus className="size-4" aria-hidden="true" /> Create API key
        </Button>
      </DialogTrigger>
      <DialogContent
        className={
          dialog.secret ? "max-h-[90svh] overflow-y-auto sm:max-w-2xl" : "max-h-[90svh] overflow-y-auto"
        }
      >
        {dialog.secret ? (
          <SecretViews state={dialog} wording={wording}>
            <NewKeySnippets secret={dialog.secret} baseUrl={baseUrl} />
          </SecretViews>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <KeyRound className="size-4" aria-hidden="true" /> Create API key
              </DialogTitle>
              <DialogDescription>
                A key gives an agent this project's tools. Name it after where it will be used.
              </DialogDescription>
            </DialogHeader>
            <FormAlert message={formError} />
            <FormField label="Name" error={errors.name}>
              <Input
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder="e.g. Claude Desktop on Anna's laptop"
                autoFocus
                disabled={create.isPending}
                name="name"
              />
            </FormField>
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
            <DialogFooter>
              <Button type="button" variant="outline" onClick={dialog.close} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? "Creating…" : "Create key"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
