// Public detail of one integration (requirements §2). An id outside the catalogue fails the load with
// 'Invalid server ID: {id}' (requirements §8); the detail query is never considered fresh (requirements §9).
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ArrowLeft, Check, ExternalLink } from "lucide-react";
import { IntegrationLogo } from "~/components/integrations/integration-logo.tsx";
import { IntegrationToolsList } from "~/components/integrations/integration-tools-list.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeading } from "~/components/ui/card.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";
import { integrationEntry } from "~/lib/integrations/catalogue.ts";
import { seo } from "~/lib/seo.ts";
import type { TRPC } from "~/lib/trpc.ts";

const detailQuery = (trpc: TRPC, id: string) =>
  trpc.integrations.catalogue.getById.queryOptions({ id }, { staleTime: 0 });

export const Route = createFileRoute("/_site/integrations/$id")({
  loader: async ({ context: { queryClient, trpc }, params }) =>
    (await queryClient.ensureQueryData(detailQuery(trpc, params.id))).entry,
  head: ({ loaderData, match, params }) =>
    seo({
      title: loaderData ? `${loaderData.name} integration` : "Integration",
      description: loaderData?.description,
      canonicalPath: `/integrations/${params.id}`,
      baseUrl: match.context.clientConfig.baseUrl,
    }),
  component: IntegrationDetailPage,
});

const sourceTypeLabel = { openapi: "REST API (OpenAPI)", mcp: "Remote MCP server" } as const;

function IntegrationDetailPage() {
  const { id } = Route.useParams();
  const { trpc, user } = Route.useRouteContext();
  const { data } = useSuspenseQuery(detailQuery(trpc, id));
  const { entry, provider } = data;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6">
      <Link
        to="/integrations"
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> All integrations
      </Link>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <IntegrationLogo logo={entry.logo} name={entry.name} className="size-16" />
        <div className="flex flex-1 flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight">{entry.name}</h1>
          <p className="text-muted-foreground">{entry.category}</p>
          <div className="flex flex-wrap gap-1.5">
            {entry.badges.map((badge) => (
              <Badge key={badge} variant="secondary">
                {badge}
              </Badge>
            ))}
          </div>
        </div>
        <Button asChild size="lg">
          {user ? (
            <Link to="/app/connect/$integrationId" params={{ integrationId: entry.id }}>
              {`${entry.buttonText ?? "Connect"} ${entry.name}`}
            </Link>
          ) : (
            <Link to="/sign-up" search={{ redirect: `/app/connect/${entry.id}` }}>
              Get started
            </Link>
          )}
        </Button>
      </header>
      <p className="max-w-3xl text-lg">{entry.description}</p>
      <div className="grid gap-4 md:grid-cols-2">
        <SectionCard title="What agents can do">
          <ul className="flex flex-col gap-2 text-sm">
            {entry.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Check className="mt-0.5 size-4 text-success" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </SectionCard>
        <Card>
          <CardHeading
            title="How it connects"
            description={<>An organization admin connects {provider.name} once.</>}
          />
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Provider</dt>
              <dd>{provider.name}</dd>
              <dt className="text-muted-foreground">Sign-in</dt>
              <dd>{provider.authFlows.map((flow) => flow.label).join(" or ")}</dd>
              <dt className="text-muted-foreground">Runs as</dt>
              <dd>{sourceTypeLabel[entry.sourceType]}</dd>
              {provider.siblings.length > 0 ? (
                <>
                  <dt className="text-muted-foreground">Same connection</dt>
                  <dd className="flex flex-wrap gap-x-2">
                    {provider.siblings.map((sibling) => (
                      <Link
                        key={sibling}
                        to="/integrations/$id"
                        params={{ id: sibling }}
                        className="text-primary hover:underline"
                      >
                        {integrationEntry(sibling).name}
                      </Link>
                    ))}
                  </dd>
                </>
              ) : null}
            </dl>
          </CardContent>
        </Card>
      </div>
      <IntegrationToolsList tools={data.tools} providerName={provider.name} />
      <a
        href={entry.documentationUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline"
      >
        {provider.name} API documentation <ExternalLink className="size-3.5" aria-hidden="true" />
      </a>
    </div>
  );
}
