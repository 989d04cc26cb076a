// The organization's connection to a provider inside the credential editor: status with its reason,
// and connect / reconnect / check again / disconnect for owners and admins.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Button } from "~/components/ui/button.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";
import { providers } from "~/lib/integrations/providers.ts";
import type { AuthFlowType, IntegrationId, ProviderId } from "~/lib/integrations/types.ts";
import { useTRPC } from "~/lib/trpc.ts";
import type { ConnectionView } from "~/server/integrations/connections/connection-store.ts";
import { ConnectionStatusBadge } from "./connection-status-badge.tsx";

interface ConnectionPanelProps {
  organizationId: string;
  integrationId: IntegrationId;
  provider: ProviderId;
  connection: ConnectionView | undefined;
  /** The flow the editor shows; OAuth connects through the provider, the others by saving. */
  flow: AuthFlowType;
  /** Whether an OAuth app (the organization's or Portico's) is there to connect with. */
  oauthAppAvailable: boolean;
  canManage: boolean;
}

export function ConnectionPanel(props: ConnectionPanelProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const name = providers[props.provider].name;
  const start = useMutation(trpc.integrations.connections.startOAuth.mutationOptions());
  const recheck = useMutation(trpc.integrations.connections.recheck.mutationOptions());
  const disconnect = useMutation(trpc.integrations.connections.disconnect.mutationOptions());
  const chooseSite = useMutation(trpc.integrations.connections.chooseSite.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.integrations.pathKey() });
  const { connection } = props;
  const connected = connection?.status === "active";
  const holdsAccess = connection && connection.status !== "inactive";

  const connect = () =>
    start.mutate(
      { organizationId: props.organizationId, integrationId: props.integrationId },
      {
        // The provider's sign-in page takes over; it sends the browser back to this editor.
        onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
      },
    );
  const checkAgain = () =>
    recheck.mutate(
      { organizationId: props.organizationId, provider: props.provider },
      {
        onSuccess: async (view) => {
          await refresh();
          if (view.status === "active") toast.success(`${name} is connected`);
          else toast.error(view.statusReason ?? `${name} did not accept the saved credentials`);
        },
        onError: (error) => toast.error(messageOf(error)),
      },
    );

  const sites = connection?.authFlow === "oauth" ? (connection.account?.sites ?? []) : [];
  const site = connection?.account?.site;
  const pickSite = (siteId: string) =>
    chooseSite.mutate(
      { organizationId: props.organizationId, provider: props.provider, siteId },
      {
        onSuccess: async (view) => {
          await refresh();
          toast.success(`${name} uses ${view.account?.site?.name ?? "the chosen site"}`);
        },
        onError: (error) => toast.error(messageOf(error)),
      },
    );

  return (
    <section aria-label="Connection" className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">Connection</span>
        <ConnectionStatusBadge status={connection?.status ?? null} />
      </div>
      <p className="text-sm text-muted-foreground" data-testid="connection-reason">
        {connection?.statusReason ??
          (connected
            ? `Agents in this organization's projects can use ${name}.`
            : props.flow === "oauth"
              ? `Sign in with ${name} to let agents use it.`
              : "Saving checks these credentials with the provider and connects them.")}
      </p>
      {site && sites.length <= 1 ? (
        <p className="text-sm text-muted-foreground">
          Site: {site.name} ({site.url})
        </p>
      ) : null}
      {sites.length > 1 && connection?.status !== "inactive" && connection?.status !== "error" ? (
        // The token reaches several sites: the user picks the one agents work in (never the first by default).
        <div className="flex flex-col gap-1">
          <span className="text-sm" id="connection-site-label">
            Site
          </span>
          <Select
            value={site?.id ?? ""}
            onValueChange={pickSite}
            disabled={!props.canManage || chooseSite.isPending}
            name="site"
          >
            <SelectTrigger className="w-full" aria-labelledby="connection-site-label">
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
      {start.error ? (
        <p role="alert" className="text-sm text-destructive">
          {messageOf(start.error)}
        </p>
      ) : null}
      {props.canManage ? (
        <div className="flex flex-wrap gap-2">
          {props.flow === "oauth" ? (
            <Button
              type="button"
              size="sm"
              onClick={connect}
              disabled={!props.oauthAppAvailable || start.isPending}
              title={props.oauthAppAvailable ? undefined : `Save an OAuth app for ${name} first`}
            >
              {start.isPending ? "Opening…" : connection ? `Reconnect ${name}` : `Connect ${name}`}
            </Button>
          ) : connection && connection.authFlow !== "oauth" ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={checkAgain}
              disabled={recheck.isPending}
            >
              {recheck.isPending ? "Checking…" : "Check again"}
            </Button>
          ) : null}
          {holdsAccess ? (
            <ConfirmDialog
              trigger={
                <Button type="button" size="sm" variant="ghost" className="text-destructive">
                  Disconnect
                </Button>
              }
              title="Disconnect"
              subject={`the ${name} connection`}
              description="Agents lose access at once. Access is revoked at the provider where it allows that."
              confirmLabel="Disconnect"
              onConfirm={async () => {
                const result = await disconnect.mutateAsync({
                  organizationId: props.organizationId,
                  provider: props.provider,
                });
                await refresh();
                toast.success(
                  result.revoked ? `${name} disconnected and access revoked` : `${name} disconnected`,
                );
              }}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
