// /app/marketplace: Neo and the preset agents, each with the integrations it needs and whether the
// chosen organization has them connected, and "Add to project".
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Bot, Check, CircleDashed, Store } from "lucide-react";
import { Suspense, useState } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { Card, CardContent, CardFooter, CardHeading } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { OptionSelect } from "~/components/ui/select.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { AddAgentDialog, type ProjectChoice } from "./add-agent-dialog.tsx";

export function MarketplacePage() {
  const trpc = useTRPC();
  const { data: organizations } = useSuspenseQuery(trpc.organization.getOrganizationsDetails.queryOptions());
  const [organizationId, setOrganizationId] = useState(organizations[0]?.id ?? "");
  const organization = organizations.find((o) => o.id === organizationId);
  const projects = (organization?.projects ?? [])
    .filter((project) => project.role === "editor" || project.role === "admin")
    .map((project) => ({ id: project.id, name: project.name }));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Marketplace"
        description="Agents that use your project's integrations to fulfil requests. Add one to a project, give it an LLM credential, and call it from the app or any MCP client."
      />
      {organizations.length > 1 ? (
        <FormField
          label="Organization"
          className="max-w-xs"
          hint="Shows which integrations it has connected."
        >
          <OptionSelect
            value={organizationId}
            onValueChange={setOrganizationId}
            options={organizations.map((o) => ({ value: o.id, label: o.name }))}
          />
        </FormField>
      ) : null}
      {organizations.length === 0 ? (
        <EmptyState
          icon={Store}
          title="Create an organization first"
          description="Agents live in projects. Create an organization and a project on the dashboard, then come back to add an agent."
          action={
            <Link to="/app/dashboard" className="text-sm font-medium underline">
              Go to the dashboard
            </Link>
          }
        />
      ) : null}
      <Suspense fallback={<AgentsSkeleton />}>
        <AgentList organizationId={organizationId} projects={projects} />
      </Suspense>
    </div>
  );
}

function AgentsSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading agents">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-56" />
      ))}
    </div>
  );
}

function AgentList({ organizationId, projects }: { organizationId: string; projects: ProjectChoice[] }) {
  const trpc = useTRPC();
  const { data: agents } = useSuspenseQuery(
    trpc.marketplace.getAvailableAgents.queryOptions(organizationId ? { organizationId } : undefined),
  );
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {agents.map((agent) => (
        <li key={agent.id}>
          <Card className="h-full" data-testid={`marketplace-agent-${agent.id}`}>
            <CardHeading
              title={
                <>
                  <Bot className="size-4" aria-hidden="true" /> {agent.name}
                  {agent.id === "neo" ? <Badge variant="secondary">Orchestrator</Badge> : null}
                </>
              }
              titleClassName="flex items-center gap-2"
              description={agent.tagline}
            />
            <CardContent className="flex flex-col gap-3 text-sm">
              <p>{agent.description}</p>
              {agent.requires.length === 0 ? (
                <p className="text-muted-foreground">Works with whatever servers the project has.</p>
              ) : (
                <ul className="flex flex-col gap-1" aria-label="Integrations it needs">
                  {agent.requires.map((requirement) => (
                    <li key={requirement.label} className="flex flex-wrap items-center gap-2">
                      {requirement.met ? (
                        <Check className="size-4 text-success" aria-label="Connected" />
                      ) : (
                        <CircleDashed className="size-4 text-muted-foreground" aria-label="Not connected" />
                      )}
                      <span className="font-medium">{requirement.label}</span>
                      <span className="text-muted-foreground">
                        {requirement.options
                          .map((o) => (o.connected ? `${o.name} (connected)` : o.name))
                          .join(", ")}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {agent.ready === false ? (
                <p className="text-muted-foreground">
                  Connect the missing integrations under{" "}
                  <Link
                    to="/app/organization/$organizationId/integrations"
                    params={{ organizationId }}
                    className="underline"
                  >
                    Integrations
                  </Link>{" "}
                  before running it.
                </p>
              ) : null}
            </CardContent>
            <CardFooter className="flex flex-wrap items-center gap-3">
              <AddAgentDialog presetId={agent.id} agentName={agent.name} projects={projects} />
              {projects.length === 0 ? (
                <span className="text-sm text-muted-foreground">
                  You need editor access to a project of this organization.
                </span>
              ) : null}
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  );
}
