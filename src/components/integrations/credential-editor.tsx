// Editing one provider's credential for one scope: choose the auth flow (when the provider allows
// more than one), fill its fields, save or remove. Used by the organization integrations page and the
// admin credentials page.
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { type FieldErrors, submitForm } from "~/components/forms/form-errors.ts";
import { useFocusFirstError } from "~/components/forms/use-focus-first-error.ts";
import { Button } from "~/components/ui/button.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { Dialog, DialogContent, DialogFooter, DialogHeading } from "~/components/ui/dialog.tsx";
import { Tabs, TabsList, TabsTrigger } from "~/components/ui/tabs.tsx";
import {
  type CredentialShape,
  credentialShape,
  schemaKeepingSecrets,
} from "~/lib/integrations/credentials/index.ts";
import { authFlowLabels, connectsWithoutOAuthApp, providers } from "~/lib/integrations/providers.ts";
import type { AuthFlowType, ProviderId } from "~/lib/integrations/types.ts";
import type { CredentialView } from "~/server/integrations/credentials/credential-store.ts";
import { CredentialFields } from "./credential-fields.tsx";
import { OAuthAppGuide } from "./oauth-app-guide.tsx";

export interface CredentialEditorProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  provider: ProviderId;
  /** This scope's saved credentials of the provider. */
  credentials: readonly CredentialView[];
  /** Explains a flow in this scope (e.g. whether Portico's own OAuth app stands in). */
  flowNote: (flow: AuthFlowType) => ReactNode;
  canManage: boolean;
  /** Prefill of an OAuth app's redirect URI: Portico's callback address. */
  redirectUri: string;
  /** Saves and answers with the stored credential (its defaults filled in, secrets masked). */
  onSave: (authFlow: AuthFlowType, values: Record<string, string>) => Promise<CredentialView>;
  onDelete: (credential: CredentialView) => Promise<unknown>;
  /** Extra content under the form for the flow shown, e.g. the connection controls. */
  footer?: (flow: AuthFlowType) => ReactNode;
}

function initialValues(shape: CredentialShape, saved: CredentialView | undefined, redirectUri: string) {
  const values: Record<string, string> = {};
  for (const field of shape.fields) {
    if (field.secret) values[field.name] = "";
    else if (saved && saved.config[field.name] !== undefined)
      values[field.name] = String(saved.config[field.name]);
    else if (field.name === "redirectUri") values[field.name] = redirectUri;
    else values[field.name] = field.defaultValue ?? "";
  }
  return values;
}

export function CredentialEditor(props: CredentialEditorProps) {
  const flows = providers[props.provider].authFlows;
  const firstSaved = flows.find((flow) => props.credentials.some((c) => c.authFlow === flow));
  const [flow, setFlow] = useState<AuthFlowType>(firstSaved ?? flows[0] ?? "oauth");
  const shape = credentialShape(props.provider, flow);
  const saved = props.credentials.find((credential) => credential.authFlow === flow);
  const [values, setValues] = useState(() => (shape ? initialValues(shape, saved, props.redirectUri) : {}));
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Why the last save failed (the provider's check, say), shown in the dialog until the next try. */
  const [saveError, setSaveError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const focusFirstError = useFocusFirstError();
  // The tabs switch what the part below shows (no Radix TabsContent: one form serves every flow), so
  // they name it as what they control; Radix's default points at panels that are never rendered.
  const panelId = useId();

  const chooseFlow = (next: string) => {
    const nextFlow = next as AuthFlowType;
    const nextShape = credentialShape(props.provider, nextFlow);
    setFlow(nextFlow);
    setErrors({});
    setSaveError(null);
    const nextSaved = props.credentials.find((credential) => credential.authFlow === nextFlow);
    setValues(nextShape ? initialValues(nextShape, nextSaved, props.redirectUri) : {});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!shape) return;
    const kept = (saved?.secrets ?? []).filter((secret) => secret.hasSecret).map((secret) => secret.name);
    setPending(true);
    await submitForm({
      schema: schemaKeepingSecrets(shape, kept),
      values,
      setErrors,
      save: async () => {
        const stored = await props.onSave(flow, values);
        // Show what was stored (defaults filled in); secrets go back to "leave empty to keep".
        setValues(initialValues(shape, stored, props.redirectUri));
      },
      success: `${providers[props.provider].name} ${authFlowLabels[flow]} credentials saved`,
      showError: setSaveError,
      onFailed: () => focusFirstError(form),
    });
    setPending(false);
  };

  const disabled = !props.canManage || pending;
  return (
    <Dialog open={props.open} onOpenChange={(next) => !pending && props.onOpenChange(next)}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeading title={props.title} description={props.description} />
          {flows.length > 1 ? (
            <Tabs value={flow} onValueChange={chooseFlow}>
              <TabsList aria-label="Sign-in method">
                {flows.map((option) => (
                  <TabsTrigger key={option} value={option} disabled={pending} aria-controls={panelId}>
                    {authFlowLabels[option]}
                  </TabsTrigger>
                ))}
              </TabsList>
            </Tabs>
          ) : null}
          <div id={panelId} className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground">{props.flowNote(flow)}</p>
            {flow === "oauth" && props.canManage && !connectsWithoutOAuthApp(props.provider) ? (
              <OAuthAppGuide provider={props.provider} redirectUri={props.redirectUri} />
            ) : null}
            {shape ? (
              <CredentialFields
                fields={shape.fields}
                values={values}
                errors={errors}
                savedSecrets={saved?.secrets ?? []}
                disabled={disabled}
                onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
              />
            ) : null}
            {saveError ? (
              <p
                role="alert"
                tabIndex={-1}
                data-form-alert=""
                className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive outline-none"
              >
                {saveError}
              </p>
            ) : null}
            {props.footer?.(flow)}
          </div>
          <DialogFooter className="gap-2 sm:justify-between">
            {saved && props.canManage ? (
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="ghost" className="text-destructive" disabled={pending}>
                    Remove
                  </Button>
                }
                title="Remove credentials"
                subject={`${providers[props.provider].name} ${authFlowLabels[flow]} credentials`}
                description="Connections that use them stop working until new ones are saved."
                confirmLabel="Remove"
                onConfirm={async () => {
                  await props.onDelete(saved);
                  if (shape) setValues(initialValues(shape, undefined, props.redirectUri));
                }}
              />
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={() => props.onOpenChange(false)}
                disabled={pending}
              >
                Done
              </Button>
              {props.canManage && shape ? (
                <Button type="submit" disabled={pending}>
                  {pending ? "Saving…" : saved ? "Save changes" : "Save"}
                </Button>
              ) : null}
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
