// Neo's executor: the model carries out the plan with the project's tools (run-step-tool.ts), bounded
// by the agent's maxSteps, and writes the answer. Started by run-neo.ts after planning, or by
// waiting-runs.ts to go on with a run that paused for approval, from the conversation it kept: then
// `resume` holds the messages so far (the held call last, with its result now) and the steps taken.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  jsonSchema,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  NoOutputGeneratedError,
  type StopCondition,
  stepCountIs,
  streamText,
  type ToolSet,
  tool,
} from "ai";
import type { App } from "../../app-services.ts";
import type { projectAgent } from "../../db/schema/index.ts";
import type { Principal } from "../../gateway/auth/principal.ts";
import type { GatewayTool } from "../../gateway/catalogue/tool-types.ts";
import { APPROVAL_WAIT_MS, pendingApprovalOf } from "../../governance/gate.ts";
import { followStream } from "./follow-stream.ts";
import type { ModelCallSettings } from "./model-call.ts";
import { type Paused, pauseForApproval, takeBackPausedRun } from "./paused-runs.ts";
import { publishRun } from "./run-events.ts";
import { runStepTool } from "./run-step-tool.ts";
import type { StepRow } from "./run-store.ts";
import { StepWrites } from "./step-writes.ts";

/**
 * How long the process running a step held for approval waits for the decision itself: well inside
 * the time limit of the call that started the run, so its caller hears that the run waits.
 */
const pausedWaitMs = (app: App) => Math.min(APPROVAL_WAIT_MS, Math.floor(app.config.toolTimeoutMs / 2));

/** What the executor reads of one tool result; the run keeps a shorter summary. */
const RESULT_CHARS_FOR_MODEL = 20_000;

type AgentRow = typeof projectAgent.$inferSelect;

/** What a run counts of a model call's usage. */
export type TokenUsage = Pick<LanguageModelUsage, "inputTokens" | "outputTokens">;

export const resultText = (result: CallToolResult) =>
  result.content
    .map((item) => (item.type === "text" ? item.text : JSON.stringify(item)))
    .join("\n")
    .concat(
      result.structuredContent && result.content.length === 0 ? JSON.stringify(result.structuredContent) : "",
    );

/** The text the model reads for a tool's result. */
export const textForModel = (result: CallToolResult) => {
  const text = resultText(result).slice(0, RESULT_CHARS_FOR_MODEL);
  return result.isError ? `The tool failed: ${text}` : text;
};

export interface ExecutePlanInput {
  agent: AgentRow;
  principal: Principal;
  runId: string;
  request: string;
  plan: string[];
  tools: GatewayTool[];
  model: LanguageModel;
  settings: ModelCallSettings;
  signal?: AbortSignal;
  progress: (message: string) => void;
  count: (usage: TokenUsage) => Promise<void>;
  steps: { toolName: string; isError: boolean }[];
  /** Going on after a pause: the conversation so far and the steps already taken. */
  resume?: { messages: ModelMessage[]; calls: number };
}

export type Execution =
  /** `turns`: the executor's model calls, each of which carried the tools' definitions. */
  | { kind: "finished"; status: "completed" | "max_steps"; answer: string; turns: number }
  /** A step waits for approval and this process stopped waiting (its request ended): the run stays paused. */
  | { kind: "paused"; paused: Paused };

export async function executePlan(app: App, input: ExecutePlanInput): Promise<Execution> {
  const { agent, principal, runId, signal, progress, steps } = input;
  let calls = input.resume?.calls ?? 0;
  let paused: Paused | null = null;
  const stopper = new AbortController();
  // Steps are written off the executor's path, with their turn's tokens once the turn ends.
  const writes = new StepWrites(app.db, runId);
  const executedByCall = new Map<string, StepRow>();
  const toolNames = input.tools.map((each) => each.name);
  const toolSet: ToolSet = Object.fromEntries(
    input.tools.map((each) => [
      each.name,
      tool({
        description: each.description,
        inputSchema: jsonSchema(each.inputSchema),
        execute: async (args: unknown, { toolCallId, abortSignal, messages }) => {
          if (calls >= agent.maxSteps)
            return `Not run: the agent's limit of ${agent.maxSteps} steps is reached.`;
          calls++;
          const position = calls;
          progress(`Step ${position}: ${each.name}`);
          const started = performance.now();
          const callArgs = (args ?? {}) as Record<string, unknown>;
          let waiting: Promise<Paused | null> | null = null;
          const result = await runStepTool(app, principal, each, callArgs, abortSignal ?? signal, {
            runId,
            waitMs: pausedWaitMs(app),
            onWaiting: (approvalId) => {
              progress(`Step ${position}: ${each.name} is waiting for approval`);
              // The run is now "waiting_approval", with all it needs to go on in another process.
              waiting = pauseForApproval(app.db, runId, {
                approvalId,
                toolCallId,
                toolName: each.name,
                input: callArgs,
                position,
                calls,
                plan: input.plan,
                toolNames,
                messages: [
                  ...messages,
                  {
                    role: "assistant",
                    content: [{ type: "tool-call", toolCallId, toolName: each.name, input: callArgs }],
                  },
                ],
              });
            },
          });
          const pause = waiting ? await (waiting as Promise<Paused | null>) : null;
          if (pause) {
            // Decided while this process waited: it goes on here. Undecided (or taken meanwhile), the
            // run stays paused and this execution ends.
            const decided = pendingApprovalOf(result) === undefined;
            if (!decided || !(await takeBackPausedRun(app.db, runId))) {
              paused = pause;
              stopper.abort();
              return "Waiting for approval.";
            }
          }
          const text = resultText(result);
          steps.push({ toolName: each.name, isError: result.isError === true });
          executedByCall.set(toolCallId, {
            position,
            toolName: each.name,
            serverName: each.serverName,
            arguments: callArgs,
            resultText: text,
            isError: result.isError === true,
            durationMs: performance.now() - started,
            tokens: 0,
          });
          return textForModel(result);
        },
      }),
    ]),
  );
  const limitReached: StopCondition<ToolSet> = () => calls >= agent.maxSteps;
  const system = `${agent.instructions}\n\nFulfil the request with the tools, following the plan below; adapt it when a tool fails. Finish with a concise answer that says what you did and what you found.\n\nPlan:\n${input.plan.map((step, i) => `${i + 1}. ${step}`).join("\n")}`;
  const abortSignal = signal ? AbortSignal.any([signal, stopper.signal]) : stopper.signal;
  // What the run needs of the model's turns, gathered as each turn ends. The result's promises
  // (finishReason, text, totalUsage, steps) would each read the whole stream again from its buffer
  // (streamText tees it for every one of them): work growing with the run's length, paid per step.
  const outcome = { turns: 0, finishReason: "other" as string, text: "", input: 0, output: 0 };
  const executed = streamText({
    model: input.model,
    ...input.settings,
    abortSignal,
    tools: toolSet,
    stopWhen: [limitReached, stepCountIs(agent.maxSteps + 1)],
    system,
    ...(input.resume
      ? { messages: [{ role: "user" as const, content: input.request }, ...input.resume.messages] }
      : { prompt: input.request }),
    // Errors arrive in the stream below and are thrown there; the default would also log them.
    onError: () => undefined,
    // Each turn's request would be kept on its step: the whole conversation so far, every turn.
    experimental_include: { requestBody: false },
    onStepFinish: (step) => {
      outcome.turns++;
      outcome.finishReason = step.finishReason;
      outcome.text = step.text;
      outcome.input += step.usage.inputTokens ?? 0;
      outcome.output += step.usage.outputTokens ?? 0;
      step.toolCalls.forEach((call, index) => {
        const executed = executedByCall.get(call.toolCallId);
        if (!executed) return;
        executedByCall.delete(call.toolCallId);
        writes.add({ ...executed, tokens: index === 0 ? (step.usage.totalTokens ?? 0) : 0 });
      });
    },
  });
  try {
    // The text of the model's current turn reaches the run page as it grows.
    await followStream(executed, (text) => publishRun(runId, { kind: "answer", text }));
    await writes.settled();
    await input.count({ inputTokens: outcome.input, outputTokens: outcome.output });
    // However the stopped stream ended, a run paused here is not finished.
    if (paused) return { kind: "paused", paused };
    // No turn finished (a time limit or a cancel cut the first one off): the SDK's promise rejects
    // with why, which the run reports; read only on this path.
    if (outcome.turns === 0) {
      await executed.finishReason;
      throw new NoOutputGeneratedError();
    }
    const stopped = outcome.finishReason === "tool-calls";
    const text = outcome.text;
    const answer = stopped
      ? `Stopped after ${calls} steps, the agent's limit (maxSteps ${agent.maxSteps}), before finishing. ${text}`.trim()
      : text.trim();
    return { kind: "finished", status: stopped ? "max_steps" : "completed", answer, turns: outcome.turns };
  } catch (error) {
    // The steps that ran are on the run before it ends, those of a turn cut off too.
    for (const executed of executedByCall.values()) writes.add(executed);
    await writes.settled();
    if (paused) return { kind: "paused", paused };
    throw error;
  }
}
