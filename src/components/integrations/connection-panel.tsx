// The organization's shared connections to a provider inside the credential editor: each with its
// account, status and reason, and (owners and admins) reconnect or check again, rename, choose a site,
// disconnect; "Add another connection" signs in to one more account (a second portal or mailbox) with
// OAuth. Without any connection, connect (OAuth) or the note that saving connects.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { toast } from "sonner";
import { z } from "zod";
import { messageOf } from "~/components/forms/form-errors.ts";
import { NameDialog } from "~/components/forms/name-dialog.tsx";
import { Button } from "~/components/ui/button.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";
import { providers } from "~/lib/integrations/providers.ts";
import type { AuthFlowType, IntegrationId, ProviderId } from "~/lib/integrations/types.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { connectionLabelField } from "~/lib/validation.ts";
import type { ConnectionView } from "~/server/integrations/connections/connection-store.ts";
import { ConnectionStatusBadge } from "./connection-status-badge.tsx";

interface ConnectionPanelProps {
  organizationId: string;
  integrationId: IntegrationId;
  provider: ProviderId;
  /** The organization's shared connections to the provider, the default (first) first. */
  connections: readonly ConnectionView[];
  /** The flow the editor shows; OAuth connects through the provider, the others by saving. */
  flow: AuthFlowType;
  /** Whether an OAuth app (the organization's or Portico's) is there to connect with. */
  oauthAppAvailable: boolean;
  canManage: boolean;
}

const labelSchema = /* @__PURE__ */ z.object({ name: connectionLabelField });

/** What the connection reaches, when its name is a label people gave it (else the name says it). */
function accountOf(connection: ConnectionView): string | null {
  const account = connection.accountLabel ?? connection.account?.site?.name ?? null;
  return account && account !== connection.displayName ? account : null;
}

function ConnectionItem({
  props,
  connection,
  isDefault,
  several,
  onReconnect,
  reconnecting,
}: {
  props: ConnectionPanelProps;
  connection: ConnectionView;
  isDefault: boolean;
  several: boolean;
  onReconnect: (connection: ConnectionView) => void;
  reconnecting: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const name = providers[props.provider].name;
  const recheck = useMutation(trpc.integrations.connections.recheck.mutationOptions());
  const disconnect = useMutation(trpc.integrations.connections.disconnect.mutationOptions());
  const chooseSite = useMutation(trpc.integrations.connections.chooseSite.mutationOptions());
  const rename = useMutation(trpc.integrations.connections.rename.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.integrations.pathKey() });
  const address = { organizationId: props.organizationId, connectionId: connection.id };
  const connected = connection.status === "active";
  const holdsAccess = connection.status !== "inactive";
  const account = accountOf(connection);
  const subject = connection.displayName === name ? name : connection.displayName;

  const checkAgain = () =>
    recheck.mutate(address, {
      onSuccess: async (view) => {
        await refresh();
        if (view.status === "active") toast.success(`${name} is connected`);
        else toast.error(view.statusReason ?? `${name} did not accept the saved credentials`);
      },
      onError: (error) => toast.error(messageOf(error)),
    });

  const sites = connection.authFlow === "oauth" ? (connection.account?.sites ?? []) : [];
  const site = connection.account?.site;
  const siteLabelId = `connection-site-label-${connection.id}`;
  const pickSite = (siteId: string) =>
    chooseSite.mutate(
      { ...address, siteId },
      {
        onSuccess: async (view) => {
          await refresh();
          toast.success(`${name} uses ${view.account?.site?.name ?? "the chosen site"}`);
        },
        onError: (error) => toast.error(messageOf(error)),
      },
    );

  return (
    <li className="flex flex-col gap-2" data-connection={connection.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="text-sm font-medium break-words">
            {connection.displayName}
            {several && isDefault ? (
              <span className="font-normal text-muted-foreground"> · default</span>
            ) : null}
          </span>
          {account ? (
            <span className="text-xs break-words text-muted-foreground">Account: {account}</span>
          ) : null}
        </div>
        <ConnectionStatusBadge status={connection.status} />
      </div>
      <p className="text-sm text-muted-foreground" data-testid="connection-reason">
        {connection.statusReason ??
          (connected
            ? several
              ? isDefault
                ? `Servers use this one unless they name another.`
                : `Servers that name it use it.`
              : `Agents in this organization's projects can use ${name}.`
            : `Sign in with ${name} again to use it.`)}
      </p>
      {site && sites.length <= 1 ? (
        <p className="text-sm text-muted-foreground">
          Site: {site.name} ({site.url})
        </p>
      ) : null}
      {sites.length > 1 && connection.status !== "inactive" && connection.status !== "error" ? (
        // The token reaches several sites: the user picks the one agents work in (never the first by default).
        <div className="flex flex-col gap-1">
          <span className="text-sm" id={siteLabelId}>
            Site
          </span>
          <Select
            value={site?.id ?? ""}
            onValueChange={pickSite}
            disabled={!props.canManage || chooseSite.isPending}
            name="site"
          >
            <SelectTrigger className="w-full" aria-labelledby={siteLabelId}>
              <SelectValue placeholder="Choose a site…" />
            </SelectTrigger>
            <SelectContent>
              {sites.map((item) => (
                <SelectItem key={item.id} value={item.id}>
                  {item.name} ({item.url})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      {props.canManage ? (
        <div className="flex flex-wrap gap-2">
          {connection.authFlow === "oauth" ? (
            <Button
              type="button"
              size="sm"
              variant={connected ? "outline" : "default"}
              onClick={() => onReconnect(connection)}
              disabled={!props.oauthAppAvailable || reconnecting}
              title={props.oauthAppAvailable ? undefined : `Save an OAuth app for ${name} first`}
            >
              {reconnecting ? "Opening…" : `Reconnect ${name}`}
              {several ? <span className="sr-only"> ({connection.displayName})</span> : null}
            </Button>
          ) : (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={checkAgain}
              disabled={recheck.isPending}
            >
              {recheck.isPending ? "Checking…" : "Check again"}
              {several ? <span className="sr-only"> ({connection.displayName})</span> : null}
            </Button>
          )}
          <NameDialog
            trigger={
              <Button type="button" size="sm" variant="ghost">
                Rename<span className="sr-only"> {connection.displayName}</span>
              </Button>
            }
            title="Rename connection"
            description={`A name people recognise, such as "Support inbox". Leave it empty to show the account${connection.accountLabel ? ` (${connection.accountLabel})` : ""}.`}
            nameLabel="Name"
            submitLabel="Save"
            schema={labelSchema}
            initial={{ name: connection.label ?? "" }}
            successMessage={(label) => (label ? `Connection renamed to ${label}` : "Connection name cleared")}
            onSubmit={async ({ name: label }) => {
              await rename.mutateAsync({ ...address, label: label || null });
              await refresh();
            }}
          />
          {holdsAccess ? (
            <ConfirmDialog
              trigger={
                <Button type="button" size="sm" variant="ghost" className="text-destructive">
                  Disconnect
                  {several ? <span className="sr-only"> {connection.displayName}</span> : null}
                </Button>
              }
              title="Disconnect"
              verb="disconnect"
              subject={subject === name ? `the ${name} connection` : `${subject} (${name})`}
              description={
                several && isDefault
                  ? "Agents lose access at once, and servers that use the organization's default move to the next connection. Access is revoked at the provider where it allows that."
                  : "Agents lose access at once. Access is revoked at the provider where it allows that."
              }
              confirmLabel="Disconnect"
              onConfirm={async () => {
                const result = await disconnect.mutateAsync(address);
                await refresh();
                toast.success(
                  result.revoked ? `${name} disconnected and access revoked` : `${name} disconnected`,
                );
              }}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export function ConnectionPanel(props: ConnectionPanelProps) {
  const trpc = useTRPC();
  const name = providers[props.provider].name;
  const start = useMutation(trpc.integrations.connections.startOAuth.mutationOptions());
  const { connections } = props;
  const several = connections.length > 1;

  /** To the provider's sign-in; it sends the browser back to this editor. */
  const startOAuth = (extra: { connectionId?: string; addAnother?: true }) =>
    start.mutate(
      { organizationId: props.organizationId, integrationId: props.integrationId, ...extra },
      { onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl) },
    );
  const reconnectingId = start.isPending ? start.variables?.connectionId : undefined;

  return (
    <section
      aria-label="Connection"
      className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3"
      // The rename and confirm dialogs' forms are portaled out of the editor's form, but React still
      // bubbles their submit through it: without this, renaming would also save the credentials.
      onSubmit={(event) => event.stopPropagation()}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">
          {several ? `Connections (${connections.length})` : "Connection"}
        </span>
        {connections.length === 0 ? <ConnectionStatusBadge status={null} /> : null}
      </div>
      {connections.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="connection-reason">
          {props.flow === "oauth"
            ? `Sign in with ${name} to let agents use it.`
            : "Saving checks these credentials with the provider and connects them."}
        </p>
      ) : (
        <ul className="flex flex-col gap-3 divide-y [&>li:not(:first-child)]:pt-3">
          {connections.map((connection, index) => (
            <ConnectionItem
              key={connection.id}
              props={props}
              connection={connection}
              isDefault={index === 0}
              several={several}
              onReconnect={(item) => startOAuth({ connectionId: item.id })}
              reconnecting={reconnectingId === connection.id}
            />
          ))}
        </ul>
      )}
      <ErrorText message={start.error ? messageOf(start.error) : null} />
      {props.canManage && props.flow === "oauth" ? (
        connections.length === 0 ? (
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              onClick={() => startOAuth({})}
              disabled={!props.oauthAppAvailable || start.isPending}
              title={props.oauthAppAvailable ? undefined : `Save an OAuth app for ${name} first`}
            >
              {start.isPending ? "Opening…" : `Connect ${name}`}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-1 border-t pt-3">
            <div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => startOAuth({ addAnother: true })}
                disabled={!props.oauthAppAvailable || start.isPending}
                title={props.oauthAppAvailable ? undefined : `Save an OAuth app for ${name} first`}
              >
                <Plus className="size-4" aria-hidden="true" />
                {start.isPending && start.variables?.addAnother ? "Opening…" : "Add another connection"}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              Sign in to another {name} account (a second portal or mailbox); servers can then name which one
              they use.
            </p>
          </div>
        )
      ) : null}
    </section>
  );
}
