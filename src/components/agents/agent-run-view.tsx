// One agent run as it happens: polled while running, it shows the intent, the servers chosen, the plan
// and each step (tool, arguments, result, time, tokens) as they are written, then the answer.
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { useTRPC } from "~/lib/trpc.ts";

const POLL_MS = 700;

export const statusLabels = {
  running: { label: "Running", variant: "secondary" },
  completed: { label: "Completed", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  max_steps: { label: "Stopped at max steps", variant: "warning" },
} as const;

export function AgentRunView(props: { projectId: string; runId: string }) {
  return (
    <Suspense fallback={<Skeleton className="h-64" role="status" aria-label="Loading the run" />}>
      <RunDetail {...props} />
    </Suspense>
  );
}

function RunDetail({ projectId, runId }: { projectId: string; runId: string }) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery({
    ...trpc.projectAgents.getRun.queryOptions({ projectId, runId }),
    refetchInterval: (q) => (q.state.data?.run.status === "running" ? POLL_MS : false),
  });
  const { run, steps } = data;
  const queryClient = useQueryClient();
  // The past runs list shows statuses too: refresh it when this run ends.
  useEffect(() => {
    if (run.status !== "running") {
      void queryClient.invalidateQueries({ queryKey: trpc.projectAgents.listRuns.pathKey() });
    }
  }, [run.status, queryClient, trpc]);
  const status = statusLabels[run.status];
  const running = run.status === "running";
  return (
    <Card data-testid="agent-run" aria-busy={running}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Run <Badge variant={status.variant}>{status.label}</Badge>
        </CardTitle>
        <CardDescription className="break-words">{run.request}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <section aria-label="Intent">
          <h4 className="font-medium">Intent</h4>
          <p className="text-muted-foreground">
            {run.intent ?? (running ? "Understanding the request…" : "—")}
          </p>
        </section>
        {run.selectedServers ? (
          <section aria-label="Servers">
            <h4 className="font-medium">Servers</h4>
            <p className="text-muted-foreground">
              {run.selectedServers.length > 0 ? run.selectedServers.join(", ") : "None needed"}
            </p>
          </section>
        ) : null}
        <section aria-label="Plan">
          <h4 className="font-medium">Plan</h4>
          {run.plan ? (
            <ol className="list-decimal pl-5" data-testid="agent-plan">
              {run.plan.map((step, index) => (
                // Plan lines are shown in order and never reordered.
                // biome-ignore lint/suspicious/noArrayIndexKey: the plan is an ordered list of text
                <li key={index}>{step}</li>
              ))}
            </ol>
          ) : (
            <p className="text-muted-foreground">{running ? "Planning…" : "No plan was made."}</p>
          )}
        </section>
        <section aria-label="Steps">
          <h4 className="font-medium">Steps</h4>
          {steps.length === 0 ? (
            <p className="text-muted-foreground">{running ? "No step yet…" : "No tool was called."}</p>
          ) : (
            <ol className="flex flex-col gap-2" data-testid="agent-steps">
              {steps.map((step) => (
                <li key={step.id} className="rounded-md border p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">
                      {step.position}. {step.toolName}
                    </span>
                    <span className="text-muted-foreground">{step.serverName}</span>
                    {step.isError ? <Badge variant="destructive">Error</Badge> : null}
                    <span className="ml-auto text-xs text-muted-foreground">
                      {step.durationMs} ms · {step.tokens} tokens
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
        {run.answer ? (
          <section aria-label="Answer">
            <h4 className="font-medium">Answer</h4>
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
      </CardContent>
    </Card>
  );
}
