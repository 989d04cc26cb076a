import { createFileRoute } from "@tanstack/react-router";
import { LlmCredentialsPage } from "~/components/agents/llm-credentials-page.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/organization/$organizationId/llm-credentials")({
  head: () => seo({ title: "LLM credentials · Portico", noindex: true }),
  component: CredentialsPage,
});

function CredentialsPage() {
  const { organizationId } = Route.useParams();
  return <LlmCredentialsPage organizationId={organizationId} />;
}
