import { createFileRoute } from "@tanstack/react-router";
import { ConfigureAgentPage } from "~/components/agents/configure-agent-page.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/agents/$agentId/")({
  head: () => seo({ title: "Configure Agent · Portico", noindex: true }),
  component: ConfigurePage,
});

function ConfigurePage() {
  const { projectId, agentId } = Route.useParams();
  // Keyed by agent: moving between agents starts from the other agent's saved configuration.
  return <ConfigureAgentPage key={agentId} projectId={projectId} agentId={agentId} />;
}
