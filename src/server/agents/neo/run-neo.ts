import { generateText, streamText } from "ai";
import { AppError } from "../../../lib/errors.ts";
import type { App } from "../../app-services.ts";
import { agentRunFinished } from "../../builder-webhooks/origin-events.ts";
import type { AgentRunChannel, projectAgent } from "../../db/schema/index.ts";
import type { Principal } from "../../gateway/auth/principal.ts";
import type { GatewayTool } from "../../gateway/catalogue/tool-types.ts";
import { reportError } from "../../observability/report-error.ts";
import { isAgentTool } from "../agent-tool-marker.ts";
import { openUsableCredential } from "../credentials/llm-credential-store.ts";
import { executePlan, type TokenUsage } from "./execute-plan.ts";
import { followStream } from "./follow-stream.ts";
import { intentInstructions, parseIntent, withClarification } from "./intent.ts";
import { modelFactory } from "./language-model.ts";
import { isUnexpectedFailure, llmErrorMessage } from "./llm-error.ts";
import { modelCallSettings } from "./model-call.ts";
import { releasePausedRun, WAITING_ANSWER } from "./paused-runs.ts";
import { parsePlan } from "./plan.ts";
import { publishRun } from "./run-events.ts";
import { trackRun } from "./run-liveness.ts";
import { projectToolsForAgent } from "./run-step-tool.ts";
import { addTokens, createRun, finishRun, updateRun } from "./run-store.ts";
import { selectServers } from "./select-servers.ts";
import { groupOf, serverCandidates } from "./server-candidates.ts";
import { toolListTokens } from "./tool-list-tokens.ts";

export const NO_CREDENTIAL_MESSAGE =
  "This agent has no LLM credential. Choose one in Configure Agent (add one under the organization's LLM credentials first).";

type AgentRow = typeof projectAgent.$inferSelect;

export interface NeoRunRequest {
  agent: AgentRow;
  principal: Principal;
  request: string;
  /** The person's answer to the question a previous run asked; the run may then not ask again. */
  clarification?: string;
  /** The "needs_input" run that asked the question `clarification` answers, when known. */
  continuesRunId?: string;
  channel: AgentRunChannel;
  /** The schedule that started it (channel "schedule"). */
  scheduleId?: string;
  /** The webhook trigger that started it (channel "trigger"). */
  triggerId?: string;
  userId: string | null;
  signal?: AbortSignal;
  /** Told the run's id as soon as its row exists (the app opens the run page with it). */
  onRunCreated?: (runId: string) => void;
  /** Told of each stage as it starts (MCP progress notifications, logs). */
  onProgress?: (message: string) => void;
}

export interface NeoRunResult {
  runId: string;
  status: "completed" | "failed" | "max_steps" | "needs_input" | "waiting_approval";
  answer: string | null;
  /** The question for the person, when the run stopped to ask one (status "needs_input"). */
  question: string | null;
  error: string | null;
  steps: { toolName: string; isError: boolean }[];
}

/** The tools the agent may use: its allowed servers (and standard tools), never other agents. */
function allowedTools(agent: AgentRow, tools: GatewayTool[]): GatewayTool[] {
  return tools.filter((each) => {
    if (isAgentTool(each)) return false;
    if (each.serverId === null) return agent.allowStandardTools;
    return agent.allowedServerIds === null || agent.allowedServerIds.includes(each.serverId);
  });
}

const usageOf = (usage: TokenUsage) => ({
  input: usage.inputTokens ?? 0,
  output: usage.outputTokens ?? 0,
});

export async function runNeo(app: App, run: NeoRunRequest): Promise<NeoRunResult> {
  const { agent, principal, signal } = run;
  const credential = agent.llmCredentialId
    ? await openUsableCredential(app, principal.organizationId, agent.llmCredentialId)
    : null;
  if (!credential) throw new AppError("BAD_REQUEST", NO_CREDENTIAL_MESSAGE);
  const startedAt = performance.now();
  const mayAsk = !run.clarification;
  const request = withClarification(run.request, run.clarification);
  const runId = await createRun(app.db, {
    agentId: agent.id,
    projectId: agent.projectId,
    organizationId: principal.organizationId,
    channel: run.channel,
    userId: run.userId,
    request,
    clarification: run.clarification ?? null,
    continuesRunId: run.continuesRunId ?? null,
    scheduleId: run.scheduleId ?? null,
    triggerId: run.triggerId ?? null,
  });
  run.onRunCreated?.(runId);
  const untrack = trackRun(app.db, runId);
  const steps: NeoRunResult["steps"] = [];
  const progress = (message: string) => run.onProgress?.(message);
  const model = await modelFactory(credential, app.config);
  const settings = modelCallSettings(app.config.llmTimeoutMs, signal);
  const count = async (usage: TokenUsage) => {
    const { input, output } = usageOf(usage);
    await addTokens(app.db, runId, input, output);
  };
  try {
    progress("Understanding the request");
    const intent = await generateText({
      model: model(agent.models.intentExtractor),
      ...settings,
      system: intentInstructions(mayAsk),
      prompt: request,
    });
    await count(intent.usage);
    const understood = parseIntent(intent.text, request, mayAsk);
    if (understood.kind === "ask") {
      // The run ends here with the question as its answer; the caller asks the person (run-page
      // status "needs input", an input request or elicitation on /mcp) and starts again with the reply.
      const { question } = understood;
      await finishRun(app.db, runId, { status: "needs_input", answer: question, error: null }, startedAt);
      agentRunFinished(app, runId);
      return { runId, status: "needs_input", answer: null, question, error: null, steps };
    }
    const intentText = understood.intent;
    await updateRun(app.db, runId, { intent: intentText });

    progress("Choosing servers");
    const tools = allowedTools(agent, await projectToolsForAgent(app, agent.projectId));
    const candidates = serverCandidates(tools, `${request}\n${intentText}`);
    const selection = await selectServers(
      model(agent.models.serverSelector),
      request,
      intentText,
      candidates,
      settings,
    );
    await addTokens(app.db, runId, selection.tokens.input, selection.tokens.output);
    const chosen = new Set(selection.serverIds);
    const selectedTools = tools.filter((each) => chosen.has(groupOf(each)));
    await updateRun(app.db, runId, {
      selectedServers: candidates.filter((c) => chosen.has(c.id)).map((c) => c.name),
    });

    progress("Planning");
    const toolList = selectedTools
      .map((each) => `- ${each.name}: ${each.description.split("\n")[0]}`)
      .join("\n");
    // Streamed, so the plan's lines reach the run page while the model writes them.
    const planned = streamText({
      model: model(agent.models.planner),
      ...settings,
      onError: () => undefined,
      system: `${agent.instructions}\n\nWrite a short plan to fulfil the request with the tools listed: a numbered list, one step per line, each step naming the tool it uses. At most ${agent.maxSteps} steps. Answer with the list only.`,
      prompt: `Request: ${request}\nIntent: ${intentText}\n\nTools:\n${toolList || "(none)"}`,
    });
    await followStream(planned, (text) => publishRun(runId, { kind: "plan", text }));
    await count(await planned.usage);
    const plan = parsePlan(await planned.text);
    await updateRun(app.db, runId, { plan });

    progress("Carrying out the plan");
    const execution = await executePlan(app, {
      agent,
      principal,
      runId,
      request,
      plan,
      tools: selectedTools,
      model: model(agent.models.executor),
      settings,
      signal,
      progress,
      count,
      steps,
    });
    if (execution.kind === "paused") {
      // This request stops waiting; the run stays paused and goes on in whichever process takes it.
      await releasePausedRun(app.db, runId);
      return {
        runId,
        status: "waiting_approval",
        answer: WAITING_ANSWER,
        question: null,
        error: null,
        steps,
      };
    }
    const { status, answer } = execution;
    // Each executor turn carried the selected tools' definitions; listing all would have carried those.
    await updateRun(app.db, runId, {
      toolListTokens: {
        offered: await toolListTokens(selectedTools),
        all: await toolListTokens(tools),
        turns: execution.turns,
      },
    });
    await finishRun(app.db, runId, { status, answer, error: null }, startedAt);
    agentRunFinished(app, runId);
    return { runId, status, answer, question: null, error: null, steps };
  } catch (error) {
    const message = llmErrorMessage(error, credential.llmType, {
      timeoutMs: app.config.llmTimeoutMs,
      cancelled: signal?.aborted === true,
    });
    if (isUnexpectedFailure(error)) reportError(error, { where: "agent-run", runId });
    await finishRun(app.db, runId, { status: "failed", answer: null, error: message }, startedAt);
    agentRunFinished(app, runId);
    return { runId, status: "failed", answer: null, question: null, error: message, steps };
  } finally {
    untrack();
  }
}
