import { createFileRoute } from "@tanstack/react-router";
import { ClientSetupGuide } from "~/components/docs/client-setup-guide.tsx";
import { DocsNav } from "~/components/docs/docs-nav.tsx";
import { DocsOverview } from "~/components/docs/docs-overview.tsx";
import { UnknownReference } from "~/components/docs/unknown-reference.tsx";
import { PageIntro } from "~/components/site/page-intro.tsx";
import { clientInfo } from "~/lib/client-setup/references.ts";
import { cn } from "~/lib/cn.ts";
import { seo } from "~/lib/seo.ts";
import { parseDocsSearch, resolveDocsRef } from "~/lib/site/docs-search.ts";

export const Route = createFileRoute("/_site/docs")({
  staticData: { queryRuntime: false },
  validateSearch: parseDocsSearch,
  head: ({ match }) => {
    const docsRef = resolveDocsRef(match.search);
    const ref = docsRef.kind === "guide" ? docsRef.reference : undefined;
    const name = ref ? clientInfo[ref].name : undefined;
    return seo({
      title: name ? `Connect ${name}` : "Docs",
      description: name
        ? `Set up ${name} with Portico: the exact configuration for its MCP connection, with an API key or OAuth.`
        : "Setup guides for connecting Claude, Cursor, VS Code, the MCP SDKs, OpenAI, n8n and more to a Portico project.",
      keywords: [
        "MCP setup",
        "MCP client",
        name ?? "Claude Code",
        "Cursor mcp.json",
        "VS Code MCP",
        "Streamable HTTP",
      ],
      canonicalPath: ref ? `/docs?ref=${ref}` : "/docs",
      baseUrl: match.context.clientConfig.baseUrl,
      noindex: docsRef.kind === "invalid",
    });
  },
  component: DocsPage,
});

function DocsPage() {
  const docsRef = resolveDocsRef(Route.useSearch());
  const ref = docsRef.kind === "guide" ? docsRef.reference : undefined;
  const { clientConfig } = Route.useRouteContext();
  const mcpUrl = `${clientConfig.baseUrl}/mcp`;
  const restBaseUrl = `${clientConfig.baseUrl}/api/v1`;
  // A wrong ref is the site's error page (one design for every error), not a box inside the docs.
  if (docsRef.kind === "invalid") return <UnknownReference value={docsRef.value} />;
  return (
    <>
      <PageIntro eyebrow="Docs" title="Connect your agents to Portico">
        Exact, copyable setup for thirteen clients — assistants, editors, SDKs, AI platforms and automation
        tools.
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        {/* Phones: the guide comes first and the other clients after it; the index already lists them all. */}
        <aside
          className={cn(
            "order-last lg:sticky lg:top-20 lg:order-none lg:self-start",
            !ref && "hidden lg:block",
          )}
        >
          <DocsNav current={ref} hrefFor={(reference) => ({ to: "/docs", search: { ref: reference } })} />
        </aside>
        <div className="min-w-0">
          {ref ? (
            <ClientSetupGuide key={ref} reference={ref} mcpUrl={mcpUrl} restBaseUrl={restBaseUrl} />
          ) : (
            <DocsOverview mcpUrl={mcpUrl} restBaseUrl={restBaseUrl} />
          )}
        </div>
      </div>
    </>
  );
}
