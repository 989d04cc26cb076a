// The client setup guides inside a project (requirements §2): the same guides as /docs, with this instance's
// MCP URL filled in and the way to the project's API keys one click away.
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { KeyRoundIcon } from "lucide-react";
import { ClientSetupGuide } from "~/components/docs/client-setup-guide.tsx";
import { DocsNav } from "~/components/docs/docs-nav.tsx";
import { Button } from "~/components/ui/button.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { clientInfo, isClientReference } from "~/lib/client-setup/references.ts";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/platform-docs/$platform")({
  beforeLoad: ({ params }) => {
    if (!isClientReference(params.platform)) throw notFound();
    return { platform: params.platform };
  },
  loader: async ({ context: { queryClient, trpc, platform }, params }) => {
    await queryClient.ensureQueryData(trpc.project.getById.queryOptions({ projectId: params.projectId }));
    return { crumb: `Docs · ${clientInfo[platform].name}` };
  },
  head: ({ match }) =>
    seo({ title: `${clientInfo[match.context.platform]?.name ?? "Docs"} setup · Portico`, noindex: true }),
  component: PlatformDocs,
});

function PlatformDocs() {
  const { trpc, clientConfig, platform } = Route.useRouteContext();
  const { projectId } = Route.useParams();
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  const base = `/app/project/${encodeURIComponent(project.id)}`;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Connect a client"
        description={`Point an agent at ${project.name}: the endpoint is the same for every project — the API key or OAuth sign-in selects this one.`}
        action={
          <Button asChild variant="outline">
            <a href={`${base}/api-keys`}>
              <KeyRoundIcon aria-hidden="true" /> API keys
            </a>
          </Button>
        }
      />
      <div className="grid gap-8 lg:grid-cols-[13rem_minmax(0,1fr)]">
        {/* Not an <aside>: the app's sidebar is the page's complementary landmark, and the nav inside is
            a landmark of its own. On a phone the guide comes first (as on /docs): thirteen client links
            pushed the guide someone opened below the fold. */}
        <div className="order-last lg:sticky lg:top-4 lg:order-none lg:self-start">
          <DocsNav
            current={platform}
            hrefFor={(reference) => ({ to: `${base}/platform-docs/${reference}` })}
          />
        </div>
        <ClientSetupGuide
          key={platform}
          reference={platform}
          mcpUrl={`${clientConfig.baseUrl}/mcp`}
          restBaseUrl={`${clientConfig.baseUrl}/api/v1`}
        />
      </div>
    </div>
  );
}
