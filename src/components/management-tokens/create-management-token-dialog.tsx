// Creates an organization's management token — a name, its scopes, an expiry — then shows its secret
// once with a copy button: after this dialog closes nobody can see it again (only its hash is stored),
// so closing it (Escape, the close button, a click outside, Done) before it was copied asks first, as
// the API key dialog does (api-keys/create-api-key-dialog.tsx).

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { OneTimeSecret } from "~/components/api-keys/one-time-secret.tsx";
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

export function CreateManagementTokenDialog({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.managementTokens.create.mutationOptions());
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState<ExpiryChoice>("90");
  const [scopes, setScopes] = useState<ScopeChoice>({ mode: "read" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [askingToClose, setAskingToClose] = useState(false);
  const focusFirstError = useFocusFirstError();

  const changeOpen = (next: boolean) => {
    if (create.isPending) return;
    if (!next && secret && !copied && !askingToClose) {
      setAskingToClose(true);
      return;
    }
    setOpen(next);
    setAskingToClose(false);
    if (next) {
      setName("");
      setExpiry("90");
      setScopes({ mode: "read" });
      setErrors({});
      setFormError(null);
      setSecret(null);
      setCopied(false);
    }
  };

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
        setSecret(created.secret);
        await queryClient.invalidateQueries({ queryKey: trpc.managementTokens.pathKey() });
      },
      success: `Management token "${name.trim()}" created`,
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus className="size-4" aria-hidden="true" /> Create token
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90svh] overflow-y-auto">
        {secret && askingToClose ? (
          <div className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>Did you copy your management token?</DialogTitle>
              <DialogDescription>
                Once this dialog closes nobody can see the token again: Portico stores only a hash of it.
                Without a copy you would have to create a new token.
              </DialogDescription>
            </DialogHeader>
            <OneTimeSecret secret={secret} label="management token" onCopied={() => setCopied(true)}>
              Copy it now if you have not.
            </OneTimeSecret>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setAskingToClose(false)}>
                Back to the token
              </Button>
              <Button type="button" onClick={() => changeOpen(false)}>
                {copied ? "Close" : "Close without copying"}
              </Button>
            </DialogFooter>
          </div>
        ) : secret ? (
          <div className="flex flex-col gap-4">
            <DialogHeader>
              <DialogTitle>Copy your new management token</DialogTitle>
              <DialogDescription>
                Send it to the management API as <code>Authorization: Bearer …</code>. It does not work on{" "}
                <code>/mcp</code>: agents use project API keys.
              </DialogDescription>
            </DialogHeader>
            <OneTimeSecret secret={secret} label="management token" onCopied={() => setCopied(true)}>
              This is the only time the token is shown. Portico stores only a hash of it.
            </OneTimeSecret>
            <DialogFooter>
              <Button type="button" onClick={() => changeOpen(false)}>
                Done
              </Button>
            </DialogFooter>
          </div>
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
              <Button
                type="button"
                variant="outline"
                onClick={() => changeOpen(false)}
                disabled={create.isPending}
              >
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
