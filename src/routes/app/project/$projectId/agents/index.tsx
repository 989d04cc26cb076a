import { createFileRoute } from "@tanstack/react-router";
import { ProjectAgentsPage } from "~/components/agents/project-agents-page.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/agents/")({
  head: () => seo({ title: "Agents · Portico", noindex: true }),
  component: AgentsPage,
});

function AgentsPage() {
  const { projectId } = Route.useParams();
  return <ProjectAgentsPage projectId={projectId} />;
}
