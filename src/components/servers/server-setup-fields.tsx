// A server's setup as the add and edit dialogs ask for it: its short name (the prefix of its tools,
// checked as the server checks it) and whose account it uses — one of the organization's shared
// connections, or each caller's own (OAuth providers only). Server refusals land beside the field they
// concern: a taken name under the name, a missing or broken connection under "Whose account".
import { Link } from "@tanstack/react-router";
import { type ReactNode, useId } from "react";
import { z } from "zod";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { type FieldErrors, fieldErrorsOf } from "~/components/forms/form-errors.ts";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";
import { validateForm } from "~/components/ui/validate-form.ts";
import type { RouterOutputs } from "~/lib/trpc.ts";
import { SERVER_NAME_MAX_LENGTH, type ServerConnectionMode, serverNameField } from "~/lib/validation.ts";
import { RadioOption } from "./radio-option.tsx";

export type AvailableIntegration = RouterOutputs["projectServers"]["getAvailableIntegrations"][number];
type SharedConnection = AvailableIntegration["sharedConnections"][number];

/** "default" follows the organization's first shared connection; otherwise a connection's id. */
export const DEFAULT_CONNECTION = "default";

export interface SetupValues {
  name: string;
  mode: ServerConnectionMode;
  connection: string;
}

const nameSchema = /* @__PURE__ */ z.object({ name: serverNameField });

const isActive = (connection: SharedConnection | undefined) => connection?.status === "active";
const statusWords: Record<SharedConnection["status"], string> = {
  active: "",
  pending: " (pending)",
  error: " (error)",
  inactive: " (disconnected)",
};

/** What a new server of `integration` starts with: a shared connection when one works, else personal. */
export function initialSetup(integration: AvailableIntegration): SetupValues {
  const [first] = integration.sharedConnections;
  const active = integration.sharedConnections.find(isActive);
  const mode = active || !integration.personalModeAvailable ? "shared" : "personal";
  return {
    name: integration.suggestedName,
    mode,
    connection: isActive(first) || !active ? DEFAULT_CONNECTION : active.id,
  };
}

/** The form's own checks (the server checks again): a valid name, and a working shared connection. */
export function checkSetup(integration: AvailableIntegration, values: SetupValues): FieldErrors {
  const checked = validateForm(nameSchema, { name: values.name });
  const errors: FieldErrors = checked.ok ? {} : { name: checked.errors.name };
  if (values.mode === "shared") {
    const chosen =
      values.connection === DEFAULT_CONNECTION
        ? integration.sharedConnections[0]
        : integration.sharedConnections.find((connection) => connection.id === values.connection);
    if (!isActive(chosen)) {
      errors.account = integration.sharedConnections.some(isActive)
        ? "This connection is not working: choose another, or reconnect it on the organization's integrations page."
        : `The organization has no working ${integration.providerName} connection to share.`;
    }
  }
  return errors;
}

/** The mutation's fields for these values. */
export function setupInput(values: SetupValues) {
  return {
    name: values.name.trim(),
    connectionMode: values.mode,
    connectionId:
      values.mode === "shared" && values.connection !== DEFAULT_CONNECTION ? values.connection : null,
  };
}

/**
 * A refused add or edit as the form shows it: the server's field errors and its refusals about the name
 * or the connection beside those fields, anything else (a plan limit, a lost permission) above them.
 */
export function placeServerError(error: unknown): { fields: FieldErrors; form: string | null } {
  const server = fieldErrorsOf(error);
  const account = server.connectionMode ?? server.connectionId;
  if (server.name || account) return { fields: { name: server.name, account }, form: null };
  const message = errorMessage(error);
  if (/server named|already a server/i.test(message)) return { fields: { name: message }, form: null };
  if (/connection|own account|on the organization's integrations page/i.test(message)) {
    return { fields: { account: message }, form: null };
  }
  return { fields: {}, form: message };
}

export function ServerSetupFields({
  integration,
  organizationId,
  values,
  errors,
  onChange,
  disabled,
  autoFocus,
  nameHint,
  exampleTool,
}: {
  integration: AvailableIntegration;
  organizationId: string;
  values: SetupValues;
  errors: FieldErrors;
  onChange: (field: keyof SetupValues, value: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Said under the name besides the tools' names (the edit dialog's warning). */
  nameHint?: ReactNode;
  /** One of its tools' own names, for the example; "<tool>" without one. */
  exampleTool?: string;
}) {
  const ids = useId();
  const shared = integration.sharedConnections;
  const active = shared.filter(isActive);
  const provider = integration.providerName;
  const [first] = shared;
  const prefix = values.name.trim() || "name";
  const integrationsLink = (
    <Link
      to="/app/organization/$organizationId/integrations"
      params={{ organizationId }}
      search={{ editIntegration: integration.integrationId }}
      className="underline underline-offset-2"
    >
      the organization's integrations page
    </Link>
  );

  return (
    <>
      <FormField
        label="Server name"
        error={errors.name}
        hint={
          <>
            Agents call its tools{" "}
            <code className="font-mono text-foreground" data-testid="tool-name-example">
              {prefix}_{exampleTool ?? "<tool>"}
            </code>
            . Lowercase letters, digits and _, starting with a letter, up to {SERVER_NAME_MAX_LENGTH}.
            {nameHint ? <> {nameHint}</> : null}
          </>
        }
      >
        <Input
          name="name"
          value={values.name}
          onChange={(event) => onChange("name", event.target.value)}
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          disabled={disabled}
          className="font-mono"
        />
      </FormField>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.account ? `${ids}-account-error` : undefined}
        disabled={disabled}
      >
        <legend className="mb-2 text-sm font-medium">Whose account</legend>
        <RadioOption
          name="connectionMode"
          value="shared"
          checked={values.mode === "shared"}
          onChange={(value) => onChange("mode", value)}
          disabled={active.length === 0}
          invalid={Boolean(errors.account) && values.mode === "shared"}
          title={`The organization's shared ${provider} connection`}
          description={
            active.length === 0 ? (
              <>
                {shared.length === 0
                  ? `The organization has not connected ${provider} yet.`
                  : `The organization's ${provider} connection is not working.`}{" "}
                Owners and admins connect it on {integrationsLink}.
              </>
            ) : shared.length === 1 && first ? (
              <>
                Every caller uses <strong className="font-medium text-foreground">{first.displayName}</strong>
                .
              </>
            ) : (
              "Every caller uses the connection chosen below."
            )
          }
        />
        {values.mode === "shared" && shared.length > 1 ? (
          <div className="ml-7 flex flex-col gap-1.5">
            <span id={`${ids}-connection-label`} className="text-sm text-muted-foreground">
              Connection
            </span>
            <Select
              value={values.connection}
              onValueChange={(value) => onChange("connection", value)}
              disabled={disabled}
              name="connectionId"
            >
              <SelectTrigger className="w-full" aria-labelledby={`${ids}-connection-label`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {first ? (
                  <SelectItem value={DEFAULT_CONNECTION} disabled={!isActive(first)}>
                    Organization default ({first.displayName}){statusWords[first.status]}
                  </SelectItem>
                ) : null}
                {shared.map((connection) => (
                  <SelectItem key={connection.id} value={connection.id} disabled={!isActive(connection)}>
                    {connection.displayName}
                    {statusWords[connection.status]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null}
        {integration.personalModeAvailable ? (
          <RadioOption
            name="connectionMode"
            value="personal"
            checked={values.mode === "personal"}
            onChange={(value) => onChange("mode", value)}
            invalid={Boolean(errors.account) && values.mode === "personal"}
            title={`Each caller's own ${provider} account`}
            description={
              <>
                Each member connects their own {provider} account and calls use the caller's. Project API keys
                cannot call it: use a personal key or an OAuth sign-in.
              </>
            }
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            {provider} connects with a key the organization saves, so every caller uses the shared connection.
          </p>
        )}
        {errors.account ? (
          <p id={`${ids}-account-error`} role="alert" className="text-sm text-destructive">
            {errors.account}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}
