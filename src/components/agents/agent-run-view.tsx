// One agent run as it happens: while it runs, the server pushes it (projectAgents.watchRun, server-sent
// events) and the page shows the intent, the servers chosen, the plan and each step (tool, arguments,
// result, time, tokens) as they are written, and the answer while the model writes it. A finished run
// can be replayed one step at a time.

import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Suspense, useEffect, useState } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { formatDuration } from "~/lib/format-duration.ts";
import { useTRPC, useTRPCClient } from "~/lib/trpc.ts";
import { EarlierQuestion, QuestionForYou } from "./run-conversation.tsx";
import { RunTokenEconomy } from "./run-token-economy.tsx";

export const statusLabels = {
  running: { label: "Running", variant: "secondary" },
  completed: { label: "Completed", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  max_steps: { label: "Stopped at max steps", variant: "warning" },
  needs_input: { label: "Needs input", variant: "warning" },
  waiting_approval: { label: "Waiting for approval", variant: "warning" },
} as const;

interface RunViewProps {
  projectId: string;
  runId: string;
  /** Whether the person may run the agent, and so answer its question. */
  canAnswer: boolean;
  /** Opens another run on the page: the one an answer started. */
  openRun: (runId: string) => void;
}

export function AgentRunView(props: RunViewProps) {
  return (
    <Suspense fallback={<Skeleton className="h-64" role="status" aria-label="Loading the run" />}>
      {/* Keyed by the run: another run starts with its own live state and replay position. */}
      <RunDetail key={props.runId} {...props} />
    </Suspense>
  );
}

function RunDetail({ projectId, runId, canAnswer, openRun }: RunViewProps) {
  const trpc = useTRPC();
  const runQuery = trpc.projectAgents.getRun.queryOptions({ projectId, runId });
  const { data } = useSuspenseQuery(runQuery);
  const { run, steps, conversation } = data;
  const queryClient = useQueryClient();
  const [draftPlan, setDraftPlan] = useState<string[] | null>(null);
  const [draftAnswer, setDraftAnswer] = useState<string | null>(null);
  // Each pushed snapshot replaces the cached run, so a reload or a later visit starts from it.
  const client = useTRPCClient();
  const running = run.status === "running";
  // Paused for a reviewer's approval, the run goes on by itself once decided: watched all the same.
  const live = running || run.status === "waiting_approval";
  // The tRPC client's own subscribe (not the React Query helper, whose module would then ship in every
  // page's entry bundle): opened while the run is running, closed when it ends or the page leaves.
  // Bumped to watch again when the stream ends with the run still going (the server stopping).
  const [watch, setWatch] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `watch` is there to open a new subscription
  useEffect(() => {
    if (!live) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const runKey = trpc.projectAgents.getRun.queryKey({ projectId, runId });
    const subscription = client.projectAgents.watchRun.subscribe(
      { projectId, runId },
      {
        onData: ({ draftPlan: planSoFar, draftAnswer: answerSoFar, ...stored }) => {
          const before = queryClient.getQueryData(runKey);
          queryClient.setQueryData(runKey, stored);
          setDraftPlan(planSoFar);
          setDraftAnswer(answerSoFar);
          // The past runs list shows step counts too.
          if (before?.run.stepCount !== stored.run.stepCount) {
            void queryClient.invalidateQueries({ queryKey: trpc.projectAgents.listRuns.pathKey() });
          }
        },
        onComplete: () => {
          const latest = queryClient.getQueryData(runKey);
          const status = latest?.run.status;
          if (status === "running" || status === "waiting_approval") {
            retry = setTimeout(() => setWatch((n) => n + 1), 1_000);
          }
        },
      },
    );
    return () => {
      clearTimeout(retry);
      subscription.unsubscribe();
    };
  }, [live, client, projectId, runId, queryClient, trpc, watch]);
  // Replay: how many steps are shown while going through a finished run one step at a time.
  const [replayed, setReplayed] = useState<number | null>(null);
  // The past runs list shows statuses too: refresh it when this run ends.
  useEffect(() => {
    if (run.status !== "running") {
      void queryClient.invalidateQueries({ queryKey: trpc.projectAgents.listRuns.pathKey() });
    }
  }, [run.status, queryClient, trpc]);
  const status = statusLabels[run.status];
  return (
    <Card data-testid="agent-run" aria-busy={running}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Run <Badge variant={status.variant}>{status.label}</Badge>
        </CardTitle>
        <CardDescription className="break-words">
          {/* A continuation's request has the answer appended; the answer is shown on its own below. */}
          {conversation.answers?.request ?? run.request}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        {run.status === "waiting_approval" ? (
          <p data-testid="agent-waiting-approval" className="rounded-md border border-dashed p-3">
            A step waits for a reviewer's approval. The run goes on by itself once it is decided.{" "}
            <Link to="/app/project/$projectId/approvals" params={{ projectId }} className="underline">
              Open the approval inbox
            </Link>
          </p>
        ) : null}
        <EarlierQuestion projectId={projectId} agentId={run.agentId} conversation={conversation} />
        <section aria-label="Intent">
          <h3 className="font-medium">Intent</h3>
          <p className="text-muted-foreground">
            {run.intent ?? (running ? "Understanding the request…" : "—")}
          </p>
        </section>
        {run.selectedServers ? (
          <section aria-label="Servers">
            <h3 className="font-medium">Servers</h3>
            <p className="text-muted-foreground">
              {run.selectedServers.length > 0 ? run.selectedServers.join(", ") : "None needed"}
            </p>
          </section>
        ) : null}
        <section aria-label="Plan">
          <h3 className="font-medium">Plan</h3>
          {run.plan ? (
            <ol className="list-decimal pl-5" data-testid="agent-plan">
              {run.plan.map((step, index) => (
                // Plan lines are shown in order and never reordered.
                // biome-ignore lint/suspicious/noArrayIndexKey: the plan is an ordered list of text
                <li key={index}>{step}</li>
              ))}
            </ol>
          ) : running && draftPlan ? (
            // The planner's lines as it writes them.
            <ol
              className="list-decimal pl-5 text-muted-foreground"
              data-testid="agent-draft-plan"
              aria-live="polite"
            >
              {draftPlan.map((step, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the plan is an ordered list of text
                <li key={index}>{step}</li>
              ))}
            </ol>
          ) : (
            <p className="text-muted-foreground">{running ? "Planning…" : "No plan was made."}</p>
          )}
        </section>
        <section aria-label="Steps">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-medium">Steps</h3>
            {!running && steps.length > 0 ? (
              <ReplayControls total={steps.length} shown={replayed} onChange={setReplayed} />
            ) : null}
          </div>
          {steps.length === 0 ? (
            <p className="text-muted-foreground">{running ? "No step yet…" : "No tool was called."}</p>
          ) : (
            <ol className="flex flex-col gap-2" data-testid="agent-steps">
              {(replayed === null ? steps : steps.slice(0, replayed)).map((step) => (
                <li key={step.id} className="rounded-md border p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">
                      {step.position}. {step.toolName}
                    </span>
                    <span className="text-muted-foreground">{step.serverName}</span>
                    {step.isError ? <Badge variant="destructive">Error</Badge> : null}
                    <span className="ml-auto text-xs text-muted-foreground">
                      {formatDuration(step.durationMs)} · {step.tokens} tokens
                    </span>
                  </div>
                  <pre className="mt-2 overflow-x-auto rounded bg-muted p-2 text-xs">
                    {JSON.stringify(step.arguments, null, 2)}
                  </pre>
                  <p className="mt-2 break-words whitespace-pre-wrap text-muted-foreground">
                    {step.resultSummary}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
        {running && draftAnswer ? (
          <section aria-label="Answer so far" aria-live="polite">
            <h3 className="font-medium">Answer (being written)</h3>
            <p className="whitespace-pre-wrap text-muted-foreground" data-testid="agent-draft-answer">
              {draftAnswer}
            </p>
          </section>
        ) : null}
        {run.status === "needs_input" && run.answer ? (
          // A run that stopped to ask keeps its question as the answer (run-neo.ts).
          <QuestionForYou
            projectId={projectId}
            agentId={run.agentId}
            runId={run.id}
            question={run.answer}
            conversation={conversation}
            canAnswer={canAnswer}
            onContinued={openRun}
          />
        ) : run.answer && (replayed === null || replayed === steps.length) ? (
          <section aria-label="Answer">
            <h3 className="font-medium">Answer</h3>
            <p className="whitespace-pre-wrap" data-testid="agent-answer">
              {run.answer}
            </p>
          </section>
        ) : null}
        {run.error ? (
          <p role="alert" className="text-destructive">
            {run.error}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          {run.stepCount} steps · {run.inputTokens} input and {run.outputTokens} output tokens
          {run.durationMs !== null ? ` · ${(run.durationMs / 1000).toFixed(1)} s` : ""}
        </p>
        <RunTokenEconomy inputTokens={run.inputTokens} toolListTokens={run.toolListTokens} />
      </CardContent>
    </Card>
  );
}

/** Going through a finished run one step at a time: start, next, previous, and back to all steps. */
function ReplayControls({
  total,
  shown,
  onChange,
}: {
  total: number;
  shown: number | null;
  onChange: (shown: number | null) => void;
}) {
  if (shown === null) {
    return (
      <Button variant="outline" size="sm" className="ml-auto" onClick={() => onChange(1)}>
        Replay step by step
      </Button>
    );
  }
  return (
    <fieldset className="ml-auto flex min-w-0 flex-wrap items-center gap-2 border-0 p-0" aria-label="Replay">
      <span className="text-xs text-muted-foreground" aria-live="polite">
        Step {shown} of {total}
      </span>
      <Button variant="outline" size="sm" disabled={shown <= 1} onClick={() => onChange(shown - 1)}>
        Previous step
      </Button>
      <Button variant="outline" size="sm" disabled={shown >= total} onClick={() => onChange(shown + 1)}>
        Next step
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
        Show all
      </Button>
    </fieldset>
  );
}
