import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { StandardToolsCard } from "~/components/gateway/standard-tools-card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/servers/")({
  head: () => seo({ title: "Servers · Portico", noindex: true }),
  // The parent route has loaded the project already.
  loader: ({ context: { queryClient, trpc }, params }) =>
    queryClient.ensureQueryData(
      trpc.standardTools.getProjectStandardTools.queryOptions({ projectId: params.projectId }),
    ),
  component: ServersPage,
});

function ServersPage() {
  const { projectId } = Route.useParams();
  const { trpc } = Route.useRouteContext();
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Servers"
        description={`The tools ${project.name}'s MCP endpoint offers agents. Switch off what agents should not use.`}
      />
      <StandardToolsCard projectId={projectId} canConfigure={project.permissions["tools.configure"]} />
    </div>
  );
}
