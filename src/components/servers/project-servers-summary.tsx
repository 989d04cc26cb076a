// The project overview's view of its servers: what each contributes to the MCP endpoint right now
// (tools on, or why it offers none), with the way to the Servers page to change it. Its order is the
// person's remembered "project" sort preference (requirements §2).

import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Server } from "lucide-react";
import { SortSelect } from "~/components/forms/sort-select.tsx";
import { ConnectionStatusBadge } from "~/components/integrations/connection-status-badge.tsx";
import { IntegrationLogo } from "~/components/integrations/integration-logo.tsx";
import { useSortPreference } from "~/components/sort/use-sort-preference.ts";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { QueryStates } from "~/components/ui/query-states.tsx";
import { sortItems } from "~/lib/sort-options.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { ToolListSkeleton } from "./tool-list-skeleton.tsx";

export function ProjectServersSummary({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  // Not awaited by the route: listing a remote server's tools may take a moment, and the rest of the
  // overview should not wait for it.
  const servers = useQuery(trpc.projectServers.getProjectServersByProjectId.queryOptions({ projectId }));
  const { sort } = useSortPreference("project");
  const manage = (
    <Button asChild variant="outline" size="sm">
      <Link to="/app/project/$projectId/servers" params={{ projectId }}>
        Manage servers
      </Link>
    </Button>
  );
  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Servers</CardTitle>
          <CardDescription>
            The business systems this project's endpoint reaches, besides the standard tools.
          </CardDescription>
        </div>
        {servers.data && servers.data.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2">
            {servers.data.length > 1 ? <SortSelect scope="project" /> : null}
            {manage}
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        <QueryStates
          query={servers}
          what="The servers"
          pending={<ToolListSkeleton />}
          empty={
            <EmptyState
              icon={Server}
              title="No servers yet"
              description="Add a connected integration as a server and its tools join this project's MCP endpoint."
              action={
                <Button asChild>
                  <Link to="/app/project/$projectId/servers" params={{ projectId }}>
                    Add a server
                  </Link>
                </Button>
              }
            />
          }
        >
          {(list) => (
            <ul className="flex flex-col divide-y" aria-label="Servers">
              {sortItems(list, sort).map((server) => (
                <li key={server.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                  <IntegrationLogo logo={server.logo} name={server.name} className="size-8" />
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="font-medium">{server.displayName}</span>
                    <span className="truncate text-sm text-muted-foreground">
                      {server.problem ?? `${server.enabledToolCount} of ${server.toolCount} tools on`}
                    </span>
                  </div>
                  <ConnectionStatusBadge status={server.connectionStatus} />
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
