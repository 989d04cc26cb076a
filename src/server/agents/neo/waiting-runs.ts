// Runs paused for approval (issue 37). A Neo step the project's policy holds makes its run
// "waiting_approval", with what it needs to go on kept on the row (WaitingStep). While the process
// that started it is alive and still waiting (its request open, its heartbeat renewed), it goes on
// there when the step is decided. Once that process stopped waiting (its request's time limit, a clean
// stop releases it at once) or died (its heartbeat goes stale), any process takes the run when the
// approval is decided, expired, or at startup: the run's row is claimed by one conditional update, so
// one process goes on with it, and the approved call still runs once (gate.ts).
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ModelMessage } from "ai";
import { and, eq, lt, sql } from "drizzle-orm";
import type { App } from "../../app-services.ts";
import { agentRunFinished } from "../../builder-webhooks/origin-events.ts";
import { agentRun, projectAgent, type WaitingStep } from "../../db/schema/index.ts";
import { callTool } from "../../gateway/pipeline/admission.ts";
import { closedResult, expireIfDue, readApproval } from "../../governance/approval-store.ts";
import { settledResult } from "../../governance/gate.ts";
import { reportError } from "../../observability/report-error.ts";
import { openUsableCredential } from "../credentials/llm-credential-store.ts";
import { executePlan, resultText, textForModel } from "./execute-plan.ts";
import { modelFactory } from "./language-model.ts";
import { isUnexpectedFailure, llmErrorMessage } from "./llm-error.ts";
import { modelCallSettings } from "./model-call.ts";
import { releasePausedRun } from "./paused-runs.ts";
import { publishRun } from "./run-events.ts";
import { STALE_AFTER_MS, trackRun } from "./run-liveness.ts";
import { NO_CREDENTIAL_MESSAGE } from "./run-neo.ts";
import { projectToolsForAgent } from "./run-step-tool.ts";
import { addTokens, finishRun, recordSteps } from "./run-store.ts";

const resumingByApp = new WeakMap<App, Set<Promise<unknown>>>();

/** For tests and a clean stop: the runs this process took up have ended or paused again. */
export async function resumedRunsSettled(app: App): Promise<void> {
  await Promise.all([...(resumingByApp.get(app) ?? [])]);
}

/**
 * Takes up the paused runs nobody waits on whose step is decided (or expired). Cheap when there are
 * none: one indexed read of the runs waiting.
 */
export async function resumeWaitingRuns(app: App): Promise<number> {
  const stale = lt(agentRun.heartbeatAt, sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`);
  const waiting = await app.db
    .select({ id: agentRun.id, step: agentRun.waitingStep })
    .from(agentRun)
    .where(and(eq(agentRun.status, "waiting_approval"), stale));
  let taken = 0;
  for (const candidate of waiting) {
    if (!candidate.step) continue;
    const approval = await readApproval(app.db, candidate.step.approvalId);
    if (approval && approval.status === "pending" && approval.expiresAt.getTime() > Date.now()) continue;
    const [claimed] = await app.db
      .update(agentRun)
      .set({ status: "running", waitingStep: null, heartbeatAt: sql`now()` })
      .where(and(eq(agentRun.id, candidate.id), eq(agentRun.status, "waiting_approval"), stale))
      .returning();
    if (!claimed) continue;
    taken++;
    let running = resumingByApp.get(app);
    if (!running) {
      running = new Set();
      resumingByApp.set(app, running);
    }
    const set = running;
    const job = goOn(app, claimed, candidate.step)
      .catch((error) => reportError(error, { where: "agent-run-resume", runId: claimed.id }))
      .finally(() => set.delete(job));
    set.add(job);
  }
  return taken;
}

type RunRow = typeof agentRun.$inferSelect;

async function goOn(app: App, run: RunRow, step: WaitingStep): Promise<void> {
  publishRun(run.id, { kind: "changed" });
  // Durations count from the run's start, as if it had never paused.
  const startedAt = performance.now() - (Date.now() - run.startedAt.getTime());
  const fail = async (error: string) => {
    await finishRun(app.db, run.id, { status: "failed", answer: null, error }, startedAt);
    agentRunFinished(app, run.id);
  };
  const [agent] = await app.db.select().from(projectAgent).where(eq(projectAgent.id, run.agentId));
  if (!agent) return fail("The agent was removed from the project while its run waited for approval.");
  const approval = await readApproval(app.db, step.approvalId);
  if (!approval) return fail("The approval this run waited on is gone.");
  const credential = agent.llmCredentialId
    ? await openUsableCredential(app, run.organizationId, agent.llmCredentialId)
    : null;
  if (!credential) return fail(NO_CREDENTIAL_MESSAGE);
  const untrack = trackRun(app.db, run.id);
  try {
    const decided = await expireIfDue(app, approval);
    const result: CallToolResult = (await settledResult(app, decided, callTool)) ?? closedResult(decided);
    const steps = [{ toolName: step.toolName, isError: result.isError === true }];
    const tool = (await projectToolsForAgent(app, agent.projectId)).find(
      (each) => each.name === step.toolName,
    );
    await recordSteps(app.db, run.id, [
      {
        position: step.position,
        toolName: step.toolName,
        serverName: tool?.serverName ?? approval.serverName,
        arguments: step.input,
        resultText: resultText(result),
        isError: result.isError === true,
        durationMs: Date.now() - approval.createdAt.getTime(),
        // The turn that asked for it was counted before the pause.
        tokens: 0,
      },
    ]);
    const names = new Set(step.toolNames);
    const tools = (await projectToolsForAgent(app, agent.projectId)).filter((each) => names.has(each.name));
    const model = await modelFactory(credential, app.config);
    const messages = [
      ...(step.messages as ModelMessage[]),
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: step.toolCallId,
            toolName: step.toolName,
            output: { type: "text", value: textForModel(result) },
          },
        ],
      },
    ] as ModelMessage[];
    try {
      const execution = await executePlan(app, {
        agent,
        principal: approval.principal,
        runId: run.id,
        request: run.request,
        plan: step.plan,
        tools,
        model: model(agent.models.executor),
        settings: modelCallSettings(app.config.llmTimeoutMs, undefined),
        progress: () => undefined,
        count: async (usage) => addTokens(app.db, run.id, usage.inputTokens ?? 0, usage.outputTokens ?? 0),
        steps,
        resume: { messages, calls: step.calls },
      });
      if (execution.kind === "paused") {
        await releasePausedRun(app.db, run.id);
        return;
      }
      await finishRun(
        app.db,
        run.id,
        { status: execution.status, answer: execution.answer, error: null },
        startedAt,
      );
      agentRunFinished(app, run.id);
    } catch (error) {
      if (isUnexpectedFailure(error)) reportError(error, { where: "agent-run", runId: run.id });
      await fail(
        llmErrorMessage(error, credential.llmType, { timeoutMs: app.config.llmTimeoutMs, cancelled: false }),
      );
    }
  } finally {
    untrack();
  }
}

const resumers = new WeakMap<App, () => void>();

/**
 * Started with the app: takes up paused runs at once (a restart), on every approval's change wherever
 * it was decided, and once more when a dead process's heartbeat has surely gone stale.
 */
export function startRunResumer(app: App): void {
  let sweeping: Promise<unknown> | null = null;
  let again = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const sweep = () => {
    if (sweeping) {
      again = true;
      return;
    }
    sweeping = resumeWaitingRuns(app)
      .catch((error) => reportError(error, { where: "agent-run-resume" }))
      .finally(() => {
        sweeping = null;
        if (again) {
          again = false;
          sweep();
        }
      });
  };
  sweep();
  const unsubscribe = app.gateway.approvals.onChange(() => {
    sweep();
    const later = setTimeout(() => {
      timers.delete(later);
      sweep();
    }, STALE_AFTER_MS + 1_000);
    later.unref?.();
    timers.add(later);
  });
  resumers.set(app, () => {
    unsubscribe();
    for (const timer of timers) clearTimeout(timer);
  });
}

/** On a clean stop: no more runs are taken up here. */
export function stopRunResumer(app: App): void {
  resumers.get(app)?.();
  resumers.delete(app);
}
