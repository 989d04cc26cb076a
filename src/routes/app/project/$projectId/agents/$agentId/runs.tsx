import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { AgentRunsPage } from "~/components/agents/agent-runs-page.tsx";
import { seo } from "~/lib/seo.ts";

interface RunsSearch {
  run?: string;
}

export const Route = createFileRoute("/app/project/$projectId/agents/$agentId/runs")({
  // ?run=<id> opens one run; an unknown id shows the run's own not-found message.
  validateSearch: (search: Record<string, unknown>): RunsSearch =>
    typeof search.run === "string" ? { run: search.run } : {},
  // Loaded before rendering so a missing agent fails the load: the 404 error page with HTTP 404, where a
  // query failing during render answered 200.
  loader: ({ context: { queryClient, trpc }, params }) =>
    queryClient.ensureQueryData(
      trpc.projectAgents.getProjectAgent.queryOptions({
        projectId: params.projectId,
        agentId: params.agentId,
      }),
    ),
  head: () => seo({ title: "Agent runs · Portico", noindex: true }),
  component: RunsPage,
});

function RunsPage() {
  const { projectId, agentId } = Route.useParams();
  const { run } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <AgentRunsPage
      projectId={projectId}
      agentId={agentId}
      runId={run}
      selectRun={(runId) => void navigate({ search: { run: runId } })}
    />
  );
}
