import { createFileRoute } from "@tanstack/react-router";
import { Audiences } from "~/components/site/landing/audiences.tsx";
import { ClosingCta } from "~/components/site/landing/closing-cta.tsx";
import { Hero } from "~/components/site/landing/hero.tsx";
import { HowItWorks } from "~/components/site/landing/how-it-works.tsx";
import { IntegrationsOverview } from "~/components/site/landing/integrations-overview.tsx";
import { NeoSection } from "~/components/site/landing/neo.tsx";
import { siteHead } from "~/components/site/site-head.ts";
import { DEFAULT_SOCIAL_IMAGE } from "~/lib/seo.ts";

export const Route = createFileRoute("/_site/")({
  staticData: { queryRuntime: false },
  head: siteHead({
    title: "Portico",
    description:
      "Portico connects AI agents to your business data through the Model Context Protocol: one MCP URL per project, API keys or OAuth, Gmail, HubSpot, Jira, SharePoint and more.",
    keywords: [
      "MCP",
      "Model Context Protocol",
      "AI agents",
      "integrations",
      "MCP server",
      "Claude",
      "Cursor",
    ],
    image: DEFAULT_SOCIAL_IMAGE,
    canonicalPath: "/",
  }),
  component: Home,
});

function Home() {
  const { user, clientConfig } = Route.useRouteContext();
  const mcpUrl = `${clientConfig.baseUrl}/mcp`;
  return (
    <>
      <Hero signedIn={user !== null} mcpUrl={mcpUrl} />
      <Audiences />
      <HowItWorks mcpUrl={mcpUrl} />
      <IntegrationsOverview />
      <NeoSection />
      <ClosingCta signedIn={user !== null} />
    </>
  );
}
