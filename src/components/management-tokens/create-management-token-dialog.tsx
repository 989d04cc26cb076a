// Creates an organization's management token — a name, its scopes, an expiry — then shows its secret
// once with a copy button: after this dialog closes nobody can see it again (only its hash is stored),
// so closing it (Escape, the close button, a click outside, Done) before it was copied asks first, as
// the API key dialog does (api-keys/create-api-key-dialog.tsx).

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { SecretViews, type SecretWording } from "~/components/api-keys/one-time-secret-dialog.tsx";
import { useOneTimeSecretDialog } from "~/components/api-keys/use-one-time-secret-dialog.ts";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { type ExpiryChoice, ExpirySelect, expiresAtOf } from "~/components/forms/expiry-select.tsx";
import { type FieldErrors, submitForm } from "~/components/forms/form-errors.ts";
import { useFocusFirstError } from "~/components/forms/use-focus-first-error.ts";
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const focusFirstError = useFocusFirstError();
  const dialog = useOneTimeSecretDialog({
    busy: create.isPending,
    onOpen: () => {
      setName("");
      setExpiry("90");
      setScopes({ mode: "read" });
      setErrors({});
      setFormError(null);
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const chosen = scopesOf(scopes);
    await submitForm({
      schema,
      values: { name, scopes: chosen },
      setErrors,
      showError: setFormError,
      onFailed: () => focusFirstError(form),
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
    <Dialog open={dialog.open} onOpenChange={dialog.changeOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus className="size-4" aria-hidden="true" /> Create token
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90svh] overflow-y-auto">
        {dialog.secret ? (
          <SecretViews state={dialog} wording={wording} />
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <KeyRound className="size-4" aria-hidden="true" /> Create management token
              </DialogTitle>
              <DialogDescription>
                A token lets your own backend manage this organization through the management API. Name it
                after the system that will hold it.
              </DialogDescription>
            </DialogHeader>
            <FormAlert message={formError} />
            <FormField label="Name" error={errors.name}>
              <Input
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder="e.g. Provisioning service"
                autoFocus
                disabled={create.isPending}
                name="name"
              />
            </FormField>
            <ScopePicker
              value={scopes}
              onChange={(next) => {
                setScopes(next);
                setErrors(({ scopes: _, ...rest }) => rest);
              }}
              disabled={create.isPending}
              error={errors.scopes}
            />
            <ExpirySelect value={expiry} onChange={setExpiry} disabled={create.isPending} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={dialog.close} disabled={create.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? "Creating…" : "Create token"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
