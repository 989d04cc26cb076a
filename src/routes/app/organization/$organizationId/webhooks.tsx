import { createFileRoute, useSearch } from "@tanstack/react-router";
import { WebhooksPage } from "~/components/webhooks/webhooks-page.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/organization/$organizationId/webhooks")({
  head: () => seo({ title: "Webhooks · Portico", noindex: true }),
  component: Webhooks,
});

function Webhooks() {
  const { organizationId } = Route.useParams();
  // ?agent=<id> (an agent page's "Send results to a webhook"): the add form opens filtered to that agent.
  const search = useSearch({ strict: false }) as { agent?: unknown };
  const agentId = typeof search.agent === "string" && search.agent ? search.agent : undefined;
  return (
    <WebhooksPage
      organizationId={organizationId}
      draft={agentId ? { agentId, eventTypes: ["agent.run.finished"] } : undefined}
    />
  );
}
