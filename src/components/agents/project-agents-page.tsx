// /app/project/{id}/agents: the project's agents, each a tool of its MCP server, with its credential,
// models and runs. Editors open 'Configure Agent', run it or remove it; viewers see.

import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Bot, Play, Settings2, Store } from "lucide-react";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeading } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ItemActionButton } from "~/components/ui/item-action-button.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { llmTypeLabels } from "~/lib/agents/models.ts";
import { counted } from "~/lib/counted.ts";
import { useTRPC } from "~/lib/trpc.ts";

const marketplaceLink = (
  <Link to="/app/marketplace" className="inline-flex items-center gap-2 text-sm font-medium underline">
    <Store className="size-4" aria-hidden="true" /> Open the marketplace
  </Link>
);

export function ProjectAgentsPage({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  const { data } = useSuspenseQuery(
    trpc.projectAgents.getProjectAgentsByProjectId.queryOptions({ projectId }),
  );
  const remove = useMutation(trpc.projectAgents.delete.mutationOptions());
  const canConfigure = data.permissions["agents.configure"];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Agents"
        description={`Agents of ${project.name}. Each is also a tool on the project's MCP server, so any client with an API key can call it.`}
        action={canConfigure ? marketplaceLink : null}
      />
      {data.agents.length === 0 ? (
        <EmptyState
          icon={Bot}
          title="No agents yet"
          description={
            canConfigure
              ? "Add Neo or a preset from the marketplace, then give it an LLM credential."
              : "Ask a project editor to add an agent from the marketplace."
          }
          action={canConfigure ? marketplaceLink : null}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {data.agents.map((agent) => (
            <li key={agent.id}>
              <Card className="h-full" data-testid="project-agent">
                <CardHeading
                  title={
                    <>
                      <Bot className="size-4" aria-hidden="true" /> {agent.name}
                      <Badge variant="outline">{agent.agentType}</Badge>
                    </>
                  }
                  titleClassName="flex flex-wrap items-center gap-2"
                  description={
                    <>
                      MCP tool <code className="break-all">{agent.toolName}</code>
                    </>
                  }
                />
                <CardContent className="flex flex-col gap-1 text-sm">
                  {agent.credential ? (
                    <p>
                      {llmTypeLabels[agent.credential.llmType]} · {agent.credential.name} · executor{" "}
                      {agent.models.executor}
                    </p>
                  ) : (
                    <p>
                      <Badge variant="warning">No LLM credential</Badge> Choose one in Configure Agent before
                      it can run.
                    </p>
                  )}
                  <p className="text-muted-foreground">
                    Up to {counted(agent.maxSteps, "step")} ·{" "}
                    {agent.runs === 0 ? (
                      "never run"
                    ) : (
                      <>
                        {counted(agent.runs, "run")}, last{" "}
                        <DateTime value={agent.lastRunAt ?? new Date()} show="relative" />
                      </>
                    )}
                  </p>
                </CardContent>
                <CardFooter className="flex flex-wrap gap-2">
                  <Button asChild variant="outline" size="sm">
                    <Link
                      to="/app/project/$projectId/agents/$agentId"
                      params={{ projectId, agentId: agent.id }}
                    >
                      <Settings2 className="size-4" aria-hidden="true" />{" "}
                      {canConfigure ? "Configure" : "View"}
                    </Link>
                  </Button>
                  <Button asChild variant="outline" size="sm">
                    <Link
                      to="/app/project/$projectId/agents/$agentId/runs"
                      params={{ projectId, agentId: agent.id }}
                    >
                      <Play className="size-4" aria-hidden="true" /> Runs
                    </Link>
                  </Button>
                  {canConfigure ? (
                    <ConfirmDialog
                      trigger={<ItemActionButton>Remove</ItemActionButton>}
                      title="Remove agent"
                      subject={agent.name}
                      description={`Its tool ${agent.toolName} disappears from the project's MCP server and its run history is deleted.`}
                      confirmLabel="Remove"
                      onConfirm={async () => {
                        await remove.mutateAsync({ projectId, agentId: agent.id });
                        await queryClient.invalidateQueries({ queryKey: trpc.projectAgents.pathKey() });
                      }}
                    />
                  ) : null}
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
