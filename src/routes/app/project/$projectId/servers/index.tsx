import { createFileRoute } from "@tanstack/react-router";
import { ProjectServersPage } from "~/components/servers/project-servers-page.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/servers/")({
  head: () => seo({ title: "Servers · Portico", noindex: true }),
  // The parent route has loaded the project already. Servers load while the page renders (behind a
  // skeleton): listing them may wait on remote servers, which should not hold the navigation.
  loader: ({ context: { queryClient, trpc }, params }) =>
    queryClient.ensureQueryData(
      trpc.standardTools.getProjectStandardTools.queryOptions({ projectId: params.projectId }),
    ),
  component: ServersPage,
});

function ServersPage() {
  const { projectId } = Route.useParams();
  return <ProjectServersPage projectId={projectId} />;
}
