// "Add server": first the integrations a server can use (an active shared connection of the
// organization, or each caller's own account for OAuth providers), then a form for the one picked: its
// name (the tools' prefix) and whose account it uses. An integration already added can be added again
// under another name (a second HubSpot portal, a personal Gmail next to the shared inbox).
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Plug, Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { IntegrationLogo } from "~/components/integrations/integration-logo.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { DialogFooter } from "~/components/ui/dialog.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import type { IntegrationId } from "~/lib/integrations/types.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { type AvailableIntegration, initialSetup } from "./server-setup-fields.tsx";
import {
  ServerSetupDialog,
  ServerSetupForm,
  type SetupDialogControls,
  useServerSetupForm,
} from "./server-setup-form.tsx";

const hasActiveShared = (entry: AvailableIntegration) =>
  entry.sharedConnections.some((connection) => connection.status === "active");

/** How the list says what the integration would use. */
function accountSummary(entry: AvailableIntegration) {
  const active = entry.sharedConnections.filter((connection) => connection.status === "active");
  if (active.length === 1 && active[0]) return `Shared: ${active[0].displayName}`;
  if (active.length > 1) return `${active.length} shared connections`;
  return `Each caller's own ${entry.providerName} account`;
}

/** A server's name as the list shows it: the integration's, with its short name when not the usual one. */
export function serverLabel(integrationName: string, integrationId: string, name: string) {
  return name === integrationId.replaceAll("-", "_") ? integrationName : `${integrationName} (${name})`;
}

function IntegrationChoices({
  integrations,
  organizationId,
  focusId,
  onPick,
}: {
  integrations: AvailableIntegration[];
  organizationId: string;
  focusId: IntegrationId | null;
  onPick: (id: IntegrationId) => void;
}) {
  // Usable now: a working shared connection, or each caller's own account; working ones first.
  const usable = integrations
    .filter((entry) => hasActiveShared(entry) || entry.personalModeAvailable)
    .sort((a, b) => Number(hasActiveShared(b)) - Number(hasActiveShared(a)));
  const connectLink = (
    <Link
      to="/app/organization/$organizationId/integrations"
      params={{ organizationId }}
      className="underline underline-offset-2"
    >
      Connect it on the organization's integrations page
    </Link>
  );

  if (usable.length === 0) {
    return (
      <EmptyState
        icon={Plug}
        title="No integration is connected yet"
        description="Connect an account on the organization's integrations page, then add it here."
        action={
          <Button asChild variant="outline">
            <Link to="/app/organization/$organizationId/integrations" params={{ organizationId }}>
              <Plug className="size-4" aria-hidden="true" /> Connect an integration
            </Link>
          </Button>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2" aria-label="Integrations">
        {usable.map((entry) => (
          <li key={entry.integrationId} className="flex items-center gap-3 rounded-lg border p-3">
            <IntegrationLogo logo={entry.logo} name={entry.name} className="size-8" />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {entry.name}
                {entry.added ? <Badge variant="secondary">Added</Badge> : null}
              </span>
              <span className="truncate text-xs text-muted-foreground">{accountSummary(entry)}</span>
            </div>
            <Button
              size="sm"
              variant={entry.added ? "outline" : "default"}
              aria-label={entry.added ? `Add another ${entry.name}` : `Add ${entry.name}`}
              autoFocus={entry.integrationId === focusId}
              onClick={() => onPick(entry.integrationId)}
            >
              <Plus className="size-4" aria-hidden="true" /> {entry.added ? "Add another" : "Add"}
            </Button>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">Missing one? {connectLink}.</p>
    </div>
  );
}

function AddServerForm({
  projectId,
  organizationId,
  integration,
  onBack,
  dialog,
}: {
  projectId: string;
  organizationId: string;
  integration: AvailableIntegration;
  onBack: () => void;
  dialog: SetupDialogControls;
}) {
  const trpc = useTRPC();
  const add = useMutation(trpc.projectServers.addServer.mutationOptions());
  const setup = useServerSetupForm({
    integration,
    initial: () => initialSetup(integration),
    dialog,
    save: (input) => add.mutateAsync({ projectId, integrationId: integration.integrationId, ...input }),
    success: (added) => `${serverLabel(integration.name, integration.integrationId, added.name)} added`,
  });

  return (
    <ServerSetupForm
      setup={setup}
      organizationId={organizationId}
      disabled={add.isPending}
      header={
        <div className="flex items-center gap-3">
          <IntegrationLogo logo={integration.logo} name={integration.name} className="size-8" />
          <div className="flex min-w-0 flex-col">
            <span className="font-medium">{integration.name}</span>
            <span className="text-xs text-muted-foreground">{integration.description}</span>
          </div>
        </div>
      }
    >
      <DialogFooter className="gap-2 sm:justify-between">
        <Button type="button" variant="ghost" onClick={onBack} disabled={add.isPending}>
          <ArrowLeft className="size-4" aria-hidden="true" /> All integrations
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add server"}
        </Button>
      </DialogFooter>
    </ServerSetupForm>
  );
}

function AddServerFlow({
  projectId,
  organizationId,
  picked,
  onPick,
  dialog,
}: {
  projectId: string;
  organizationId: string;
  picked: { id: IntegrationId | null; last: IntegrationId | null };
  onPick: (id: IntegrationId | null) => void;
  dialog: SetupDialogControls;
}) {
  const trpc = useTRPC();
  const { data: integrations } = useSuspenseQuery(
    trpc.projectServers.getAvailableIntegrations.queryOptions({ projectId }),
  );
  const integration = integrations.find((entry) => entry.integrationId === picked.id);
  if (!integration) {
    return (
      <IntegrationChoices
        integrations={integrations}
        organizationId={organizationId}
        focusId={picked.last}
        onPick={onPick}
      />
    );
  }
  return (
    <AddServerForm
      key={integration.integrationId}
      projectId={projectId}
      organizationId={organizationId}
      integration={integration}
      onBack={() => onPick(null)}
      dialog={dialog}
    />
  );
}

export function AddServerDialog({
  projectId,
  organizationId,
  trigger,
}: {
  projectId: string;
  organizationId: string;
  trigger: ReactNode;
}) {
  // The integration whose form is shown, and the last one picked (focus returns to it from the form).
  const [picked, setPicked] = useState<{ id: IntegrationId | null; last: IntegrationId | null }>({
    id: null,
    last: null,
  });
  return (
    <ServerSetupDialog
      trigger={trigger}
      title="Add server"
      description={
        picked.id
          ? "Name the server and choose whose account its tools use."
          : "A server gives this project's agents the tools of one integration."
      }
      onOpen={() => setPicked({ id: null, last: null })}
    >
      {(dialog) => (
        <AddServerFlow
          projectId={projectId}
          organizationId={organizationId}
          picked={picked}
          onPick={(id) => setPicked((current) => ({ id, last: id ?? current.id }))}
          dialog={dialog}
        />
      )}
    </ServerSetupDialog>
  );
}
