// An agent's runs (/app/project/{id}/agents/{agentId}/runs): start one with a request, watch its plan
// and steps arrive, and open any past run to go through it step by step.

import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Play, Settings2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { findMarketplaceAgent } from "~/lib/agents/marketplace.ts";
import { agentRequestField } from "~/lib/agents/validation.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { AgentRunView, statusLabels } from "./agent-run-view.tsx";
import { AgentSchedulesCard } from "./agent-schedules-card.tsx";
import { AgentTriggersCard } from "./agent-triggers-card.tsx";
import { shortRunId } from "./run-conversation.tsx";

export function AgentRunsPage({
  projectId,
  agentId,
  runId,
  selectRun,
}: {
  projectId: string;
  agentId: string;
  runId: string | undefined;
  selectRun: (runId: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(trpc.projectAgents.getProjectAgent.queryOptions({ projectId, agentId }));
  const { data: runs } = useSuspenseQuery(trpc.projectAgents.listRuns.queryOptions({ projectId, agentId }));
  const start = useMutation(trpc.projectAgents.startRun.mutationOptions());
  const [request, setRequest] = useState("");
  const [error, setError] = useState<string | undefined>();
  const canRun = data.permissions["agents.run"];
  // Without a credential the run could only fail at its first model call: say so before, not after.
  const noCredential = data.agent.llmCredentialId === null;
  const example = findMarketplaceAgent(data.agent.presetId)?.exampleRequest;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = agentRequestField.safeParse(request);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const started = await start.mutateAsync({ projectId, agentId, request: checked.data });
      selectRun(started.runId);
      await queryClient.invalidateQueries({ queryKey: trpc.projectAgents.listRuns.pathKey() });
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={`${data.agent.name} runs`}
        description="Each run is kept with its plan, every tool step and the tokens it used."
        action={
          <Button asChild variant="outline">
            <Link to="/app/project/$projectId/agents/$agentId" params={{ projectId, agentId }}>
              <Settings2 className="size-4" aria-hidden="true" /> Configure
            </Link>
          </Button>
        }
      />
      {canRun ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="Run the agent">
          <FormField label="Request" error={error} hint={example ? `For example: ${example}` : undefined}>
            <Textarea rows={3} value={request} onChange={(e) => setRequest(e.target.value)} />
          </FormField>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              disabled={start.isPending || noCredential}
              aria-describedby={noCredential ? "run-needs-credential" : undefined}
            >
              <Play className="size-4" aria-hidden="true" /> {start.isPending ? "Starting…" : "Run agent"}
            </Button>
            {noCredential ? (
              <p id="run-needs-credential" className="text-sm text-muted-foreground">
                Choose an LLM credential first:{" "}
                <Link
                  to="/app/project/$projectId/agents/$agentId"
                  params={{ projectId, agentId }}
                  className="font-medium text-foreground underline underline-offset-4"
                >
                  configure the agent
                </Link>
                .
              </p>
            ) : null}
          </div>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">Project editors and admins can run agents.</p>
      )}
      <AgentSchedulesCard projectId={projectId} agentId={agentId} canSchedule={canRun} />
      <AgentTriggersCard projectId={projectId} agentId={agentId} canTrigger={canRun} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div>
          {runId ? (
            <AgentRunView projectId={projectId} runId={runId} canAnswer={canRun} openRun={selectRun} />
          ) : (
            <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
              {runs.length === 0
                ? "No runs yet. Describe a request above and run the agent."
                : "Choose a run to see its plan and steps."}
            </p>
          )}
        </div>
        <SectionCard title="Past runs">
          {runs.length === 0 ? (
            <p className="text-sm text-muted-foreground">None yet.</p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Past runs">
              {runs.map((run) => (
                <li key={run.id}>
                  <button
                    type="button"
                    onClick={() => selectRun(run.id)}
                    aria-current={run.id === runId ? "true" : undefined}
                    className="w-full rounded-md border p-2 text-left text-sm hover:bg-muted aria-[current=true]:border-primary"
                  >
                    <span className="line-clamp-2">{run.request}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <Badge variant={statusLabels[run.status].variant}>
                        {statusLabels[run.status].label}
                      </Badge>
                      <DateTime value={run.startedAt} /> · {run.stepCount} steps · {originLabels[run.channel]}
                    </span>
                  </button>
                  <ConversationLink run={run} selectRun={selectRun} />
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      </div>
    </div>
  );
}

/** Where a run came from, as the list names it. */
const originLabels: Record<"app" | "gateway" | "schedule" | "trigger", string> = {
  app: "App",
  gateway: "MCP or API",
  schedule: "Schedule",
  trigger: "Webhook",
};

/** Under a past run: the run that answered its question, or the run whose question it answers. */
function ConversationLink({
  run,
  selectRun,
}: {
  run: { continuesRunId: string | null; continuedByRunId: string | null };
  selectRun: (runId: string) => void;
}) {
  const target = run.continuedByRunId ?? run.continuesRunId;
  if (!target) return null;
  return (
    <button
      type="button"
      onClick={() => selectRun(target)}
      className="mt-1 px-2 text-left text-xs text-primary underline-offset-4 hover:underline"
    >
      {run.continuedByRunId ? `answered → run ${shortRunId(target)}` : `answers run ${shortRunId(target)}`}
    </button>
  );
}
