// A project server: its integration, connection status with the reason when it offers no tools, tool
// counts, its tools on demand, and removal behind a confirmation naming it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, Trash2 } from "lucide-react";
import { Suspense, useId, useState } from "react";
import { toast } from "sonner";
import { ConnectionStatusBadge } from "~/components/integrations/connection-status-badge.tsx";
import { IntegrationLogo } from "~/components/integrations/integration-logo.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { cn } from "~/lib/cn.ts";
import type { LogoSpec } from "~/lib/integrations/catalogue-entry.ts";
import type { ConnectionStatus } from "~/lib/integrations/types.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { ServerToolsList } from "./server-tools-list.tsx";

export interface ServerSummary {
  id: string;
  name: string;
  description: string;
  logo: LogoSpec;
  providerName: string;
  sourceType: "openapi" | "mcp";
  connectionStatus: ConnectionStatus | null;
  problem: string | null;
  toolCount: number;
  enabledToolCount: number;
}

export function ToolListSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-2/3" />
    </div>
  );
}

export function ServerCard({
  projectId,
  server,
  canManage,
  canConfigure,
  canRun,
}: {
  projectId: string;
  server: ServerSummary;
  canManage: boolean;
  canConfigure: boolean;
  canRun: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const remove = useMutation(trpc.projectServers.removeServer.mutationOptions());

  return (
    <Card data-testid={`server-${server.name}`}>
      <CardHeader className="flex flex-row items-start gap-3">
        <IntegrationLogo logo={server.logo} name={server.name} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <CardTitle className="flex flex-wrap items-center gap-2 leading-normal">
            {server.name}
            <ConnectionStatusBadge status={server.connectionStatus} />
            <Badge variant="secondary" className="tabular-nums">
              {server.problem
                ? "No tools available"
                : `${server.enabledToolCount} of ${server.toolCount} tools on`}
            </Badge>
          </CardTitle>
          {server.problem ? (
            <p className="text-sm text-destructive">{server.problem}</p>
          ) : (
            <p className="text-sm text-muted-foreground">
              {server.sourceType === "mcp" ? "Remote MCP server" : "API"} · through the organization's{" "}
              {server.providerName} connection
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
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
            <ConfirmDialog
              title="Remove server"
              subject={server.name}
              confirmLabel="Remove"
              verb="remove"
              description="Its tools disappear from this project's MCP endpoint at once. The organization's connection stays; you can add the server again later."
              trigger={
                <Button variant="ghost" size="icon" aria-label={`Remove ${server.name}`}>
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              }
              onConfirm={async () => {
                await remove.mutateAsync({ projectId, serverId: server.id });
                await queryClient.invalidateQueries({ queryKey: trpc.projectServers.pathKey() });
                toast.success(`${server.name} removed`);
              }}
            />
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
