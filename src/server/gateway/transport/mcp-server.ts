// One SDK Server per request (never shared between clients: CVE-2026-25536), answering from the
// project's resolved tools. The low-level Server is used because tool schemas are JSON Schema from
// many sources (zod-defined standard tools, OpenAPI documents, remote MCP servers), not zod shapes.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  type CallToolRequest,
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type RequestId,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import {
  confirmationQuestionOf,
  consentFromForm,
  withConsentAnswer,
  withConsentAskable,
} from "../../governance/consent.ts";
import { pendingApprovalOf } from "../../governance/gate.ts";
import { type ProjectTools, toolCallTarget } from "../catalogue/project-tools.ts";
import type { GatewayTool } from "../catalogue/tool-types.ts";
import {
  clarificationAnswerOf,
  clarificationAskedByOf,
  clarificationQuestionOf,
  withClarificationAnswer,
} from "../input-requests/clarification-needed.ts";
import { connectionNeededOf, UrlElicitationRpcError } from "../input-requests/connection-needed.ts";
import type { TaskSupport } from "../input-requests/tasks-2025.ts";
import type { ToolCallOutcome } from "../pipeline/tool-call.ts";
import { PaymentRequiredRpcError } from "./payment-required-rpc.ts";

export const SERVER_INFO = { name: "portico", title: "Portico", version: "1.0.0" };
const INSTRUCTIONS =
  "Portico gives you the tools of the business systems connected to this project, plus standard " +
  "tools (date and time, calculator, web page reader). Prefer a tool over guessing facts or arithmetic.";
const DISCOVERY_INSTRUCTIONS =
  " The tools are not all listed: find the ones a task needs with search_tools, then run one with " +
  "call_tool.";

// The SDK builds a new Ajv (hundreds of microseconds) for every Server unless given one. The validator
// holds no client state — only compiled schemas — so one is shared by all per-request servers.
const sharedSchemaValidator = new AjvJsonSchemaValidator();

/** admission.ts's callTool bound to the request's principal, with the client's cancellation signal. */
export type SignalledToolCaller = (
  tool: GatewayTool,
  args: Record<string, unknown>,
  signal: AbortSignal,
  onProgress?: (message: string) => void,
  traceparent?: string,
) => Promise<ToolCallOutcome>;

/** The form a question asks with: an agent's clarifying question, or a confirmation (governance). */
export type AskForm = "clarification" | "confirmation";

/** Asks the person a question through the client (form-mode elicitation); the form's content, if any. */
export type Asker = (
  question: string,
  relatedRequestId: RequestId,
  signal: AbortSignal,
  form: AskForm,
) => Promise<Record<string, unknown> | undefined>;

/** The result as the 1.x SDK sends it: refusals and missing connections are errors. */
function deliverable(outcome: ToolCallOutcome): CallToolResult {
  if (!outcome.ok) throw new PaymentRequiredRpcError(outcome.refusal);
  const needed = connectionNeededOf(outcome.result);
  if (needed) throw new UrlElicitationRpcError(needed);
  return outcome.result;
}

/** The server's instructions: the search hint only when the project's tools are found by search. */
export const serverInstructions = (tools: ProjectTools) =>
  tools.discovery === "search" ? INSTRUCTIONS + DISCOVERY_INSTRUCTIONS : INSTRUCTIONS;

/** The tasks capability (2025-11-25): tools/call may be task-augmented; tasks are listed and cancelled. */
const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/**
 * `ask`: set when the call is answered as a stream to a caller that can answer an agent's question.
 * `tasks`: the caller's task store (tasks-2025.ts); a task-augmented call is answered with a task.
 */
export function buildMcpServer(
  tools: ProjectTools,
  call: SignalledToolCaller,
  ask?: Asker,
  tasks?: TaskSupport,
): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, ...(tasks ? { tasks: TASKS_CAPABILITY } : {}) },
    instructions: serverInstructions(tools),
    jsonSchemaValidator: sharedSchemaValidator,
    ...(tasks ? { taskStore: tasks.store } : {}),
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const result = await answerCall(request, extra);
    const task = request.params.task;
    if (!task || !tasks) return result;
    // A task-augmented call: a held call's task follows its approval; any other is stored finished.
    const approvalId = pendingApprovalOf(result);
    const outcome = approvalId ? { approvalId } : { result };
    return { task: await tasks.create(request.params.name, task.ttl, outcome) } as never;
  });
  return server;

  async function answerCall(
    request: CallToolRequest,
    extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  ): Promise<CallToolResult> {
    const target = toolCallTarget(tools, request.params.name, request.params.arguments ?? {});
    if (!target) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    if ("answer" in target) return target.answer as CallToolResult;
    const progressToken = request.params._meta?.progressToken;
    let progress = 0;
    const onProgress =
      progressToken === undefined
        ? undefined
        : (message: string) =>
            void extra
              .sendNotification({
                method: "notifications/progress",
                params: { progressToken, progress: ++progress, message },
              })
              .catch(() => undefined);
    const metaTraceparent = request.params._meta?.traceparent;
    const traceparent = typeof metaTraceparent === "string" ? metaTraceparent : undefined;
    const args = ask ? withConsentAskable(target.args) : target.args;
    let result = deliverable(await call(target.tool, args, extra.signal, onProgress, traceparent));
    // A call the person confirms (governance/consent.ts): asked on this stream, then called again with
    // the answer, which the policy reads.
    const confirmation = ask ? confirmationQuestionOf(result) : undefined;
    if (ask && confirmation) {
      const answer = consentFromForm(await ask(confirmation, extra.requestId, extra.signal, "confirmation"));
      const answered = withConsentAnswer(target.args, answer);
      result = deliverable(await call(target.tool, answered, extra.signal, onProgress, traceparent));
    }
    // An agent that stopped to ask: the person answers on this stream, and the agent runs again with
    // the answer (declined or unanswered: the question is the tool's text, answerable by a new call).
    const question = clarificationQuestionOf(result);
    if (!question || !ask) return result;
    const answer = clarificationAnswerOf(await ask(question, extra.requestId, extra.signal, "clarification"));
    if (!answer) return result;
    // The retry knows which run asked, so the run that goes on is linked to it.
    const retry = withClarificationAnswer(target.args, answer, clarificationAskedByOf(result));
    return deliverable(await call(target.tool, retry, extra.signal, onProgress, traceparent));
  }
}
