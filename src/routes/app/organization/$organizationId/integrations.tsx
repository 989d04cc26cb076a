// The organization's integrations (requirements §2): how each is set up, its tool count, and the editor for the
// provider's credentials and shared connections (all of them: a second portal or mailbox too), opened by
// ?editIntegration=<id>. Owners and admins edit and see the accounts members connected for themselves;
// members view.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { Plug } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConnectionPanel } from "~/components/integrations/connection-panel.tsx";
import { ConnectionStatusBadge } from "~/components/integrations/connection-status-badge.tsx";
import { CredentialEditor } from "~/components/integrations/credential-editor.tsx";
import { IntegrationLogo } from "~/components/integrations/integration-logo.tsx";
import { IntegrationSearch } from "~/components/integrations/integration-search.tsx";
import { IntegrationSetupBadge } from "~/components/integrations/integration-status.tsx";
import { MemberConnectionsCard } from "~/components/integrations/member-connections-card.tsx";
import { Button } from "~/components/ui/button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { TableCell, TableHead, TableRow } from "~/components/ui/table.tsx";
import { TableCard } from "~/components/ui/table-card.tsx";
import { counted } from "~/lib/counted.ts";
import { OAUTH_CALLBACK_PATH } from "~/lib/integrations/credentials/oauth-app.ts";
import { connectsWithoutOAuthApp, providers } from "~/lib/integrations/providers.ts";
import type { IntegrationId } from "~/lib/integrations/types.ts";
import { seo } from "~/lib/seo.ts";

interface IntegrationsSearch {
  editIntegration?: string;
}

export const Route = createFileRoute("/app/organization/$organizationId/integrations")({
  // Any text is accepted (an unknown id simply opens no editor): checking it against the id list
  // here would put that list in every page's entry bundle.
  validateSearch: (search: Record<string, unknown>): IntegrationsSearch =>
    typeof search.editIntegration === "string" ? { editIntegration: search.editIntegration } : {},
  head: () => seo({ title: "Integrations · Portico", noindex: true }),
  // No loader: the page's queries load while it renders (suspense, streamed during SSR). Loader code
  // ships in every page's entry bundle, which the landing page's budget keeps small.
  component: OrganizationIntegrationsPage,
});

/**
 * How many tools a project server of the integration offers. A remote MCP server's tools are only known
 * once connected: a bare 0 there read as "this integration has no tools".
 */
function ToolCount({ count, providerName }: { count: number | null; providerName: string }) {
  if (count !== null) return <>{counted(count, "tool")}</>;
  return (
    <span className="text-xs text-muted-foreground" title={`${providerName} lists its tools once connected`}>
      Listed once connected
    </span>
  );
}

function OrganizationIntegrationsPage() {
  const { organizationId } = Route.useParams();
  const { editIntegration } = Route.useSearch();
  const { trpc, clientConfig } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const [query, setQuery] = useState("");
  const { data: rows } = useSuspenseQuery(
    trpc.integrations.organizations.getAllOrganizationIntegrationsWithToolCounts.queryOptions({
      organizationId,
    }),
  );
  const { data: credentials } = useSuspenseQuery(
    trpc.integrations.credentials.getOrganizationCredentials.queryOptions({ organizationId }),
  );
  const { data: connections } = useSuspenseQuery(
    trpc.integrations.connections.getOrganizationConnections.queryOptions({ organizationId }),
  );
  const save = useMutation(trpc.integrations.credentials.saveOrganizationCredential.mutationOptions());
  const remove = useMutation(trpc.integrations.credentials.deleteOrganizationCredential.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.integrations.pathKey() });

  const editing = rows.find((row) => row.id === editIntegration);
  const sharedCount = (provider: string) =>
    connections.filter((connection) => connection.provider === provider).length;
  const openEditor = (id: IntegrationId | undefined) =>
    navigate({ search: (prev) => ({ ...prev, editIntegration: id }), replace: !id });
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const visible = rows.filter((row) =>
    words.every((word) => `${row.name} ${row.providerName} ${row.category}`.toLowerCase().includes(word)),
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Integrations"
        description="Connect business systems once for the whole organization; projects then add them as servers."
      />
      <IntegrationSearch value={query} onChange={setQuery} />
      {visible.length === 0 ? (
        <EmptyState
          icon={Plug}
          title={`Nothing matches “${query.trim()}”`}
          description="Try the provider's name, such as Google or Microsoft."
          action={
            <Button variant="outline" onClick={() => setQuery("")}>
              Clear search
            </Button>
          }
        />
      ) : (
        <TableCard
          columns={
            <>
              <TableHead>Integration</TableHead>
              <TableHead className="hidden md:table-cell">Provider</TableHead>
              <TableHead className="hidden lg:table-cell">Setup</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead className="hidden text-right sm:table-cell">Tools offered</TableHead>
            </>
          }
        >
          {visible.map((row) => (
            <TableRow key={row.id} data-integration={row.id}>
              <TableCell>
                <div className="flex items-center gap-3">
                  <IntegrationLogo logo={row.logo} name={row.name} className="size-8" />
                  <div className="min-w-0">
                    <div className="font-medium">{row.name}</div>
                    <div className="text-xs text-muted-foreground">{row.category}</div>
                    {/* On a phone the status moves here, so the row's button stays on screen. */}
                    <div className="mt-1 sm:hidden">
                      <ConnectionStatusBadge status={row.connection?.status ?? null} />
                    </div>
                  </div>
                </div>
              </TableCell>
              <TableCell className="hidden md:table-cell">{row.providerName}</TableCell>
              <TableCell className="hidden lg:table-cell">
                <IntegrationSetupBadge
                  organizationFlows={row.organizationFlows}
                  platformFlows={row.platformFlows}
                />
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <ConnectionStatusBadge status={row.connection?.status ?? null} />
                {sharedCount(row.provider) > 1 ? (
                  <span className="mt-1 block text-xs text-muted-foreground">
                    {sharedCount(row.provider)} connections
                  </span>
                ) : null}
              </TableCell>
              <TableCell className="hidden text-right tabular-nums sm:table-cell" data-tool-count>
                <ToolCount count={row.toolCount} providerName={row.providerName} />
              </TableCell>
              <TableCell className="text-right">
                <Button variant="outline" size="sm" onClick={() => void openEditor(row.id)}>
                  {credentials.canManage ? "Configure" : "View"}
                  <span className="sr-only"> {row.name}</span>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableCard>
      )}
      {credentials.canManage ? <MemberConnectionsCard organizationId={organizationId} /> : null}
      {editing ? (
        <CredentialEditor
          key={editing.provider}
          open
          onOpenChange={(open) => !open && void openEditor(undefined)}
          title={`${editing.name} · ${editing.providerName} credentials`}
          description={sharedNote(
            editing.providerName,
            rows.filter((row) => row.provider === editing.provider),
          )}
          provider={editing.provider}
          credentials={credentials.credentials.filter(
            (credential) => credential.provider === editing.provider,
          )}
          flowNote={(flow) => {
            if (flow !== "oauth")
              return "Agents act with this account's access. Secrets are stored encrypted and never shown again.";
            if (connectsWithoutOAuthApp(editing.provider))
              return `No OAuth app to register: when you connect, Portico registers itself with ${editing.providerName}'s sign-in service, then you sign in with ${editing.providerName} and allow access.`;
            if (editing.organizationFlows.includes("oauth")) {
              return `Your organization's own OAuth app is used to connect ${editing.providerName}.`;
            }
            return editing.platformFlows.includes("oauth")
              ? `Optional: bring your own OAuth app registered with ${editing.providerName}. Without one, Portico's app is used.`
              : `Portico has no OAuth app for ${editing.providerName}: register one with ${editing.providerName} and enter it here.`;
          }}
          canManage={credentials.canManage}
          redirectUri={`${clientConfig.baseUrl}${OAUTH_CALLBACK_PATH}`}
          onSave={async (authFlow, values) => {
            const stored = await save.mutateAsync({
              organizationId,
              provider: editing.provider,
              authFlow,
              values,
            });
            await refresh();
            return stored;
          }}
          onDelete={async (credential) => {
            await remove.mutateAsync({ organizationId, credentialId: credential.id });
            await refresh();
            toast.success(`${providers[credential.provider].name} credentials removed`);
          }}
          footer={(flow) => (
            <ConnectionPanel
              organizationId={organizationId}
              integrationId={editing.id}
              provider={editing.provider}
              connections={connections.filter((connection) => connection.provider === editing.provider)}
              flow={flow}
              oauthAppAvailable={
                connectsWithoutOAuthApp(editing.provider) ||
                [...editing.organizationFlows, ...editing.platformFlows].includes("oauth")
              }
              canManage={credentials.canManage}
            />
          )}
        />
      ) : null}
    </div>
  );
}

function sharedNote(providerName: string, siblings: { name: string }[]) {
  return siblings.length > 1
    ? `These ${providerName} credentials serve ${siblings.map((s) => s.name).join(", ")}.`
    : `Credentials your organization uses for ${providerName}.`;
}
