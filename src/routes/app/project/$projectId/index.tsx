import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Activity, KeyRound, Settings } from "lucide-react";
import { DailyRequestsChart } from "~/components/charts/daily-requests-chart.tsx";
import { ExternalUsersCard } from "~/components/external-users/external-users-card.tsx";
import { ConnectClientsCard } from "~/components/gateway/connect-clients-card.tsx";
import { LatestCallsTable } from "~/components/gateway/latest-calls-table.tsx";
import { SetupSection } from "~/components/gateway/setup-section.tsx";
import { UsageSummary } from "~/components/gateway/usage-summary.tsx";
import { BrokenConnectionsBanner } from "~/components/integrations/broken-connections-banner.tsx";
import { ProjectServersSummary } from "~/components/servers/project-servers-summary.tsx";
import { sortPreferenceQueryOptions } from "~/components/sort/use-sort-preference.ts";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeading } from "~/components/ui/card.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { Input } from "~/components/ui/input.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/")({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const [project] = await Promise.all([
      queryClient.ensureQueryData(trpc.project.getById.queryOptions({ projectId: params.projectId })),
      queryClient.ensureQueryData(trpc.project.getProjectStats.queryOptions({ projectId: params.projectId })),
      queryClient.ensureQueryData(sortPreferenceQueryOptions("project")),
    ]);
    return { name: project.name };
  },
  head: ({ loaderData }) => seo({ title: `${loaderData?.name ?? "Project"} · Portico`, noindex: true }),
  component: ProjectOverview,
});

function ProjectOverview() {
  const { projectId } = Route.useParams();
  const { trpc, clientConfig } = Route.useRouteContext();
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  const { data: stats } = useSuspenseQuery(trpc.project.getProjectStats.queryOptions({ projectId }));
  const mcpUrl = `${clientConfig.baseUrl}/mcp`;
  // Once agents call the project, its figures come first and the setup steps fold away.
  const hasCalls = stats.calls.latestCalls.length > 0;
  // Before the first call it leads the page; after, it waits folded at the end.
  const setup = (
    <SetupSection folded={hasCalls}>
      <Card>
        <CardHeading
          title="Connect an agent"
          description={
            <>
              One MCP endpoint for this project. Authenticate with an API key (
              <Link to="/app/project/$projectId/api-keys" params={{ projectId }} className="underline">
                create one
              </Link>
              ) or let the client sign in with OAuth and pick this project.
            </>
          }
        />
        <CardContent className="flex items-center gap-2">
          <Input readOnly value={mcpUrl} aria-label="MCP endpoint URL" className="font-mono text-sm" />
          <CopyButton text={mcpUrl} label="MCP endpoint URL" />
        </CardContent>
      </Card>
      <ConnectClientsCard projectId={projectId} baseUrl={clientConfig.baseUrl} />
    </SetupSection>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={project.name}
        description={
          <>
            {project.description ? `${project.description} · ` : "A project of "}
            <Link
              to="/app/organization/$organizationId"
              params={{ organizationId: project.organizationId }}
              className="font-medium text-foreground hover:underline"
            >
              {project.organizationName}
            </Link>
          </>
        }
        action={
          <Button asChild variant="outline">
            <Link to="/app/project/$projectId/settings" params={{ projectId }}>
              <Settings className="size-4" aria-hidden="true" /> Settings
            </Link>
          </Button>
        }
      />
      <BrokenConnectionsBanner organizationId={project.organizationId} />
      {hasCalls ? null : setup}
      <UsageSummary stats={stats} />
      <SectionCard
        title="Requests over time"
        description="Tool calls per day (UTC): through MCP, the REST API, agents and the playground."
      >
        <DailyRequestsChart points={stats.calls.daily} />
      </SectionCard>
      <ProjectServersSummary projectId={projectId} />
      <ExternalUsersCard projectId={projectId} canManage={project.permissions["externalUsers.manage"]} />
      <SectionCard title="Latest calls" description="The ten most recent tool calls in this project.">
        {stats.calls.latestCalls.length === 0 ? (
          <EmptyState
            icon={Activity}
            title="No calls yet"
            description="Connect an agent with an API key and ask it to use a tool: its calls appear here."
            action={
              <Button asChild>
                <Link to="/app/project/$projectId/api-keys" params={{ projectId }}>
                  <KeyRound className="size-4" aria-hidden="true" /> Create an API key
                </Link>
              </Button>
            }
          />
        ) : (
          <LatestCallsTable calls={stats.calls.latestCalls} />
        )}
      </SectionCard>
      {hasCalls ? setup : null}
    </div>
  );
}
