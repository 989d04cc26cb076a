import { createFileRoute } from "@tanstack/react-router";
import { ConfigureAgentPage } from "~/components/agents/configure-agent-page.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/agents/$agentId/")({
  // Loaded before rendering so a missing agent fails the load: the 404 error page with HTTP 404, where a
  // query failing during render answered 200.
  loader: ({ context: { queryClient, trpc }, params }) =>
    queryClient.ensureQueryData(
      trpc.projectAgents.getProjectAgent.queryOptions({
        projectId: params.projectId,
        agentId: params.agentId,
      }),
    ),
  head: () => seo({ title: "Configure Agent · Portico", noindex: true }),
  component: ConfigurePage,
});

function ConfigurePage() {
  const { projectId, agentId } = Route.useParams();
  // Keyed by agent: moving between agents starts from the other agent's saved configuration.
  return <ConfigureAgentPage key={agentId} projectId={projectId} agentId={agentId} />;
}
