// A project server: its name (the prefix of its tools), whose account it uses — a shared connection, or
// each caller's own with who has connected theirs and a link to connect one's own — its connection
// status with the reason when it offers no tools, tool counts, its tools on demand, and Edit (rename,
// whose account) and Remove behind a confirmation naming it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronDown, Pencil, Trash2 } from "lucide-react";
import { Suspense, useId, useState } from "react";
import { toast } from "sonner";
import { ConnectionStatusBadge } from "~/components/integrations/connection-status-badge.tsx";
import { IntegrationLogo } from "~/components/integrations/integration-logo.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { cn } from "~/lib/cn.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { EditServerDialog, type ProjectServer } from "./edit-server-dialog.tsx";
import { ServerToolsList } from "./server-tools-list.tsx";
import { ToolListSkeleton } from "./tool-list-skeleton.tsx";

/** Where a member connects their own account to the integration's provider (personal mode). */
export const connectOwnHref = (integrationId: string, organizationId: string) =>
  `/app/connect/${encodeURIComponent(integrationId)}?${new URLSearchParams({
    organization: organizationId,
    personal: "1",
  })}`;

const memberStatus: Record<string, string> = {
  pending: "pending",
  error: "needs reconnecting",
  inactive: "disconnected",
};

/** Whose account the server uses, and in personal mode who has connected theirs. */
function AccountLine({ server, organizationId }: { server: ProjectServer; organizationId: string }) {
  if (server.connectionMode === "shared") {
    return (
      <p className="text-sm text-muted-foreground" data-testid="server-account">
        {server.connection ? (
          <>
            Uses <span className="font-medium text-foreground">{server.connection.displayName}</span>
            {server.connection.named ? null : " (the organization's default connection)"}
          </>
        ) : (
          `No shared ${server.providerName} connection: connect one on the organization's integrations page.`
        )}
      </p>
    );
  }
  const members = server.connectedMembers;
  return (
    <div className="flex flex-col gap-1 text-sm text-muted-foreground" data-testid="server-account">
      <p>
        <span className="font-medium text-foreground">Each caller's own {server.providerName} account</span>
        {" · "}project API keys cannot call it
      </p>
      <p>
        {members.length === 0 ? (
          "Nobody in the project has connected theirs yet."
        ) : (
          <>
            Connected:{" "}
            {members.map((member, index) => (
              <span key={member.userId}>
                {index > 0 ? ", " : null}
                <span className="text-foreground">{member.name}</span>
                {memberStatus[member.status] ? ` (${memberStatus[member.status]})` : null}
              </span>
            ))}
          </>
        )}
      </p>
      {server.connectedByMe ? null : (
        <p>
          You have not connected yours —{" "}
          <a
            href={connectOwnHref(server.integrationId, organizationId)}
            className="font-medium text-foreground underline underline-offset-2"
          >
            Connect<span className="sr-only"> your {server.providerName} account</span>
          </a>
        </p>
      )}
    </div>
  );
}

export function ServerCard({
  projectId,
  organizationId,
  server,
  canManage,
  canConfigure,
  canRun,
}: {
  projectId: string;
  organizationId: string;
  server: ProjectServer;
  canManage: boolean;
  canConfigure: boolean;
  canRun: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const remove = useMutation(trpc.projectServers.removeServer.mutationOptions());
  const title = server.displayName;

  return (
    <Card data-testid={`server-${title}`} data-server-name={server.serverName}>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <IntegrationLogo logo={server.logo} name={server.name} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <CardTitle className="flex flex-wrap items-center gap-2 leading-normal">
              {title}
              {/* Personal mode has no one connection: who has connected theirs is said below. */}
              {server.connectionMode === "shared" ? (
                <ConnectionStatusBadge status={server.connectionStatus} />
              ) : null}
              <Badge variant="secondary" className="tabular-nums">
                {server.problem
                  ? "No tools available"
                  : `${server.enabledToolCount} of ${server.toolCount} tools on`}
              </Badge>
            </CardTitle>
            <p className="text-sm text-muted-foreground">
              {server.sourceType === "mcp" ? "Remote MCP server" : "API"} · tools named{" "}
              <code className="font-mono text-foreground" data-testid="server-prefix">
                {server.serverName}_…
              </code>
            </p>
            <AccountLine server={server} organizationId={organizationId} />
            {server.problem ? <p className="text-sm text-destructive">{server.problem}</p> : null}
            {server.heldToolCount > 0 ? (
              <p className="text-sm" data-testid="server-held-tools">
                {server.heldToolCount === 1
                  ? "1 tool held back: its definition changed or is new."
                  : `${server.heldToolCount} tools held back: their definitions changed or are new.`}{" "}
                <Link
                  to="/app/project/$projectId/servers/reviews"
                  params={{ projectId }}
                  className="font-medium underline underline-offset-2"
                >
                  Review
                </Link>
              </p>
            ) : null}
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1 self-end sm:self-start">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? "Hide tools" : "Show tools"}
            <ChevronDown
              className={cn("size-4 transition-transform", expanded && "rotate-180")}
              aria-hidden="true"
            />
          </Button>
          {canManage ? (
            <>
              <EditServerDialog
                projectId={projectId}
                organizationId={organizationId}
                server={server}
                trigger={
                  <Button variant="ghost" size="icon" aria-label={`Edit ${title}`}>
                    <Pencil className="size-4" aria-hidden="true" />
                  </Button>
                }
              />
              <ConfirmDialog
                title="Remove server"
                subject={title}
                confirmLabel="Remove"
                verb="remove"
                description={`Its tools (${server.serverName}_…) disappear from this project's MCP endpoint at once. The connections stay; you can add the server again later.`}
                trigger={
                  <Button variant="ghost" size="icon" aria-label={`Remove ${title}`}>
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                }
                onConfirm={async () => {
                  await remove.mutateAsync({ projectId, serverId: server.id });
                  await queryClient.invalidateQueries({ queryKey: trpc.projectServers.pathKey() });
                  toast.success(`${title} removed`);
                }}
              />
            </>
          ) : null}
        </div>
      </CardHeader>
      {expanded ? (
        <CardContent id={panelId}>
          <Suspense fallback={<ToolListSkeleton />}>
            <ServerToolsList
              projectId={projectId}
              serverId={server.id}
              canConfigure={canConfigure}
              canRun={canRun}
            />
          </Suspense>
        </CardContent>
      ) : null}
    </Card>
  );
}
