import { createFileRoute } from "@tanstack/react-router";
import { PlatformLlmCredentialsPage } from "~/components/agents/platform-llm-credentials-page.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/admin/llm-credentials")({
  head: () => seo({ title: "Platform LLM credentials · Portico", noindex: true }),
  component: PlatformLlmCredentialsPage,
});
