// MCP 2026-07-28 on /mcp, beside 2025-11-25 and older. Which revision a request speaks is decided per
// request, as 2026-07-28 says: a request carrying the per-request `_meta` envelope (protocol version,
// client info and capabilities; `server/discover` always does) or an `MCP-Protocol-Version: 2026-07-28`
// header is 2026-07-28 and answered here by the v2 SDK (@modelcontextprotocol/server), which owns
// server/discover, the envelope and header checks, the renumbered errors and the caching fields. Every
// other request stays on the 1.x SDK and its fast path (handle-mcp.ts, direct-answers.ts), unchanged.
//
// The v2 entry (createMcpHandler) is one per process and holds nothing per caller: its factory builds a
// fresh low-level Server per request from what handle-mcp.ts resolved (principal, project tools, the
// admitted tool caller), handed over in `authInfo.extra` (the entry passes it through untouched).

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  type AuthInfo,
  CLIENT_CAPABILITIES_META_KEY,
  createMcpHandler,
  type InputRequiredResult,
  inputRequired,
  inputResponse,
  isLegacyRequest,
  type McpHttpHandler,
  ProtocolError,
  ProtocolErrorCode,
  Server,
} from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import {
  CONFIRMATION_FORM_SCHEMA,
  confirmationQuestionOf,
  consentFromForm,
  withConsentAnswer,
  withConsentAskable,
} from "../../governance/consent.ts";
import { pendingApprovalOf } from "../../governance/gate.ts";
import type { Principal } from "../auth/principal.ts";
import { type ProjectTools, toolCallTarget } from "../catalogue/project-tools.ts";
import {
  CLARIFICATION_ARGUMENT,
  CLARIFICATION_FORM_SCHEMA,
  clarificationAnswerOf,
  clarificationQuestionOf,
  mayAsk,
} from "../input-requests/clarification-needed.ts";
import { connectionNeededOf, connectMessage } from "../input-requests/connection-needed.ts";
import {
  declaresTasks,
  type ModernTasks,
  TASKS_EXTENSION,
  TaskRequestParamsSchema,
} from "../input-requests/tasks-2026.ts";
import { SERVER_INFO, type SignalledToolCaller, serverInstructions } from "./mcp-server.ts";
import { paymentRequiredError } from "./payment-required-rpc.ts";

export const MODERN_PROTOCOL_VERSION = "2026-07-28";

/**
 * Caching hints on tools/list and server/discover (2026-07-28 requires them). The list depends on the
 * caller's project, so it is private. Portico applies a change (a tool switched off, a server added)
 * to its own cache at once, but cannot tell a stateless client; a server whose listing failed is
 * retried after 30 s (project-server-source.ts's RETRY_FAILED_SERVERS_MS). So a client may reuse a list
 * for those same 30 s: a change reaches it within that, and a call to a tool removed meanwhile is
 * answered "Unknown tool" like any other.
 */
export const TOOLS_LIST_CACHE_HINT = { ttlMs: 30_000, cacheScope: "private" } as const;

/** What handle-mcp.ts resolved for the request, handed to the per-request Server. */
export interface ModernCall {
  principal: Principal;
  tools: ProjectTools;
  call: SignalledToolCaller;
  /** The caller's tasks (tasks-2026.ts): a held call is answered with one when the request allows. */
  tasks: ModernTasks;
}

const CALL_KEY = "portico.call";
/** The keys of Portico's input requests: the person connecting an account, answering an agent. */
const CONNECT_INPUT = "connect_account";
const CLARIFY_INPUT = "clarification";
/** The person confirming a call the project's policy has them confirm (governance/consent.ts). */
const CONFIRM_INPUT = "confirm_call";

// One validator for every per-request Server, as on the 1.x path (an Ajv per Server is costly).
const sharedSchemaValidator = new AjvJsonSchemaValidator();

function buildModernServer(call: ModernCall): Server {
  const { tools } = call;
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, extensions: { [TASKS_EXTENSION]: {} } },
    instructions: serverInstructions(tools),
    jsonSchemaValidator: sharedSchemaValidator,
    cacheHints: { "tools/list": TOOLS_LIST_CACHE_HINT, "server/discover": TOOLS_LIST_CACHE_HINT },
    // Portico's stateless path never waits for a person: the legacy shim would hold the request open.
    inputRequired: { legacyShim: false },
  });
  server.setRequestHandler("tools/list", () => ({ tools: tools.listed as never }));
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const target = toolCallTarget(tools, request.params.name, request.params.arguments ?? {});
    if (!target) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    }
    if ("answer" in target) return target.answer as never;
    const responses = ctx.mcpReq.inputResponses;
    if (mayAsk(target.tool) && declined(responses)) return notAnswered() as never;
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    const args = withConsent(withClarification(target.args, responses), responses, envelope);
    const outcome = await call.call(target.tool, args, ctx.mcpReq.signal);
    if (!outcome.ok) {
      const error = paymentRequiredError(outcome.refusal);
      throw new ProtocolError(error.code, error.message, error.data);
    }
    // Held for approval, and the client takes tasks: a task it polls instead of a retry with the id.
    const heldAs = pendingApprovalOf(outcome.result);
    if (heldAs && declaresTasks(envelope?.[CLIENT_CAPABILITIES_META_KEY])) {
      return (await call.tasks.createHeld(request.params.name, heldAs)) as never;
    }
    return (confirmRound(outcome.result) ??
      clarifyRound(outcome.result, responses) ??
      connectAccountRound(outcome.result, responses)) as never;
  });
  server.setRequestHandler("tasks/get", { params: TaskRequestParamsSchema }, async (params) => {
    const task = await call.tasks.get(params.taskId);
    if (!task) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task not found: ${params.taskId}`);
    return task as never;
  });
  // Portico's tasks never ask for input (a held call waits on a person in Portico), so there is
  // nothing to update: acknowledged, as the extension requires even for an unknown task.
  server.setRequestHandler("tasks/update", { params: TaskRequestParamsSchema }, () => ({}) as never);
  server.setRequestHandler("tasks/cancel", { params: TaskRequestParamsSchema }, async (params) => {
    await call.tasks.cancel(params.taskId);
    return {} as never;
  });
  return server;
}

/**
 * A call that failed because the organization has no working connection to the provider: the first
 * time, the person is asked (a URL-mode input request) to connect it on Portico's page and the client
 * retries; when the retry still finds no connection, the tool's own error is the answer, so the
 * exchange always ends.
 */
function connectAccountRound(
  result: CallToolResult,
  responses: Record<string, unknown> | undefined,
): CallToolResult | InputRequiredResult {
  const needed = connectionNeededOf(result);
  if (!needed || inputResponse(responses, CONNECT_INPUT).kind !== "missing") return result;
  return inputRequired({
    inputRequests: {
      [CONNECT_INPUT]: inputRequired.elicitUrl({
        message: connectMessage(needed),
        url: needed.url,
      }),
    },
  });
}

/**
 * The confirmation a call carries: the person's answer on a retry, or (first round, from a client that
 * declared elicitation) that the person may be asked. Stateless like the other rounds: the retry
 * carries the original arguments and the answer, and the policy decides again.
 */
function withConsent(
  args: Record<string, unknown>,
  responses: Record<string, unknown> | undefined,
  envelope: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const response = inputResponse(responses, CONFIRM_INPUT);
  if (response.kind === "elicit") {
    return withConsentAnswer(
      args,
      response.action === "accept" ? consentFromForm(response.content) : "decline",
    );
  }
  if (response.kind !== "missing") return withConsentAnswer(args, "decline");
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as { elicitation?: unknown } | undefined;
  return capabilities?.elicitation ? withConsentAskable(args) : args;
}

/** A call the person confirms: asked as a form-mode input request (one yes/no field). */
function confirmRound(result: CallToolResult): InputRequiredResult | undefined {
  const question = confirmationQuestionOf(result);
  if (!question) return undefined;
  return inputRequired({
    inputRequests: {
      [CONFIRM_INPUT]: inputRequired.elicit({ message: question, requestedSchema: CONFIRMATION_FORM_SCHEMA }),
    },
  });
}

/**
 * The retry of a call whose agent asked a question: the person's answer (the form's "answer" field)
 * goes to the tool as its `clarification` argument. The retry runs the agent again with the answer
 * (a run that asked is finished, so there is nothing to resume): the retry carries the original
 * arguments, and Portico keeps no state between rounds.
 */
function withClarification(
  args: Record<string, unknown>,
  responses: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const response = inputResponse(responses, CLARIFY_INPUT);
  const answer = response.kind === "elicit" && response.action === "accept" ? response.content : undefined;
  const clarification = clarificationAnswerOf(answer);
  return clarification ? { ...args, [CLARIFICATION_ARGUMENT]: clarification } : args;
}

/** The person declined or cancelled the agent's question (or accepted without an answer). */
function declined(responses: Record<string, unknown> | undefined): boolean {
  const response = inputResponse(responses, CLARIFY_INPUT);
  if (response.kind === "missing") return false;
  return !(
    response.kind === "elicit" &&
    response.action === "accept" &&
    clarificationAnswerOf(response.content)
  );
}

/** The answer to a retry whose question went unanswered: the agent is not run again for nothing. */
const notAnswered = (): CallToolResult => ({
  content: [
    {
      type: "text",
      text: `The person did not answer the agent's question, so it did not go on. Call it again with the answer in the "${CLARIFICATION_ARGUMENT}" argument to continue.`,
    },
  ],
});

/**
 * An agent that stopped to ask: the first time, the question goes to the person as a form-mode input
 * request (one string field); when the agent asks again after an answer (it is told not to), the
 * tool's own result (the question as text) is the answer, so the exchange always ends.
 */
function clarifyRound(
  result: CallToolResult,
  responses: Record<string, unknown> | undefined,
): CallToolResult | InputRequiredResult | undefined {
  const question = clarificationQuestionOf(result);
  if (!question) return undefined;
  if (inputResponse(responses, CLARIFY_INPUT).kind !== "missing") return result;
  return inputRequired({
    inputRequests: {
      [CLARIFY_INPUT]: inputRequired.elicit({
        message: question,
        requestedSchema: CLARIFICATION_FORM_SCHEMA,
      }),
    },
  });
}

let handler: McpHttpHandler | undefined;

function modernHandler(): McpHttpHandler {
  handler ??= createMcpHandler(
    (context) => {
      const call = context.authInfo?.extra?.[CALL_KEY] as ModernCall | undefined;
      if (!call) throw new Error("2026-07-28 request without a resolved caller");
      return buildModernServer(call);
    },
    // 2025-era requests never reach this entry (handle-mcp.ts routes them to the 1.x path).
    { legacy: "reject", responseMode: "auto" },
  );
  return handler;
}

/** Whether the request speaks 2026-07-28 (or claims a revision after it): the v2 SDK's own routing. */
export async function isModernRequest(request: Request, body: unknown): Promise<boolean> {
  if (request.headers.get("mcp-protocol-version") === MODERN_PROTOCOL_VERSION) return true;
  return !(await isLegacyRequest(request, body));
}

/** Answers a 2026-07-28 request through the v2 SDK with the project's tools. */
export function handleModernRequest(request: Request, body: unknown, call: ModernCall): Promise<Response> {
  const authInfo: AuthInfo = {
    token: "",
    clientId: call.principal.oauthClientId ?? call.principal.apiKeyId ?? "",
    scopes: [],
    extra: { [CALL_KEY]: call },
  };
  return modernHandler().fetch(request, { parsedBody: body, authInfo });
}
