// /app/project/{id}/servers: the project's servers (integrations on the organization's shared
// connections or each caller's own account) and its standard tools, with what the signed-in member's
// role allows.
import { useSuspenseQuery } from "@tanstack/react-query";
import { Server } from "lucide-react";
import { Suspense } from "react";
import { StandardToolsCard } from "~/components/gateway/standard-tools-card.tsx";
import { AddButton } from "~/components/ui/add-button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { AddServerDialog } from "./add-server-dialog.tsx";
import { DefinitionReviewsNotice } from "./definition-reviews-page.tsx";
import { ServerCard } from "./server-card.tsx";

interface Permissions {
  canManage: boolean;
  canConfigure: boolean;
  canRun: boolean;
}

function ServerList({
  projectId,
  organizationId,
  permissions,
}: {
  projectId: string;
  organizationId: string;
  permissions: Permissions;
}) {
  const trpc = useTRPC();
  const { data: servers } = useSuspenseQuery(
    trpc.projectServers.getProjectServersByProjectId.queryOptions({ projectId }),
  );
  if (servers.length === 0) {
    return (
      <EmptyState
        icon={Server}
        title="No servers yet"
        description="Add an integration (HubSpot, Jira, Gmail…) to give this project's agents its tools, on a shared connection or each caller's own account."
        action={
          permissions.canManage ? (
            <AddServerDialog
              projectId={projectId}
              organizationId={organizationId}
              trigger={<AddButton>Add server</AddButton>}
            />
          ) : null
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {servers.map((server) => (
        <ServerCard
          key={server.id}
          projectId={projectId}
          organizationId={organizationId}
          server={server}
          {...permissions}
        />
      ))}
    </div>
  );
}

function ServerListSkeleton() {
  return (
    <div className="flex flex-col gap-4" role="status" aria-label="Loading servers">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

export function ProjectServersPage({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  const permissions: Permissions = {
    canManage: project.permissions["servers.manage"],
    canConfigure: project.permissions["tools.configure"],
    canRun: project.permissions["tools.run"],
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Servers"
        description={`The tools ${project.name}'s MCP endpoint offers agents. Switch off what agents should not use.`}
        action={
          permissions.canManage ? (
            <AddServerDialog
              projectId={projectId}
              organizationId={project.organizationId}
              trigger={<AddButton>Add server</AddButton>}
            />
          ) : null
        }
      />
      <Suspense fallback={null}>
        <DefinitionReviewsNotice projectId={projectId} />
      </Suspense>
      <Suspense fallback={<ServerListSkeleton />}>
        <ServerList projectId={projectId} organizationId={project.organizationId} permissions={permissions} />
      </Suspense>
      <StandardToolsCard
        projectId={projectId}
        canConfigure={permissions.canConfigure}
        canRun={permissions.canRun}
      />
    </div>
  );
}
