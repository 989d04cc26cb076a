// POST /mcp: Streamable HTTP, stateless. Each request is checked (Host/Origin, size, bearer token),
// gets its own SDK server and transport, and is answered with JSON — or with an SSE stream when the
// client asks for one (see wantsEventStream).
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { OAUTH_SCOPES } from "../../../lib/oauth-scopes.ts";
import type { App } from "../../app-services.ts";
import { CONFIRMATION_FORM_SCHEMA } from "../../governance/consent.ts";
import { decide } from "../../governance/project-governance.ts";
import { requestIdFrom } from "../../observability/logger.ts";
import type { Principal } from "../auth/principal.ts";
import { type ProjectTools, toolCallTarget } from "../catalogue/project-tools.ts";
import type { GatewayTool } from "../catalogue/tool-types.ts";
import { CLARIFICATION_FORM_SCHEMA, mayAsk } from "../input-requests/clarification-needed.ts";
import {
  type AnswersOutcome,
  type LegacyElicitation,
  MAX_ANSWER_BYTES,
} from "../input-requests/legacy-elicitation.ts";
import { tasksFor2025 } from "../input-requests/tasks-2025.ts";
import { tasksFor2026 } from "../input-requests/tasks-2026.ts";
import {
  authenticateRequest,
  callTool,
  type RequestAdmission,
  TOO_MANY_FAILURES_MESSAGE,
} from "../pipeline/admission.ts";
import { outageRpcResponse } from "./database-outage.ts";
import type { ToolCaller } from "./direct-answers.ts";
import { answerToolsCall, answerToolsList } from "./direct-answers.ts";
import { mcpEndpointOverride } from "./endpoint-override.ts";
import { bodyRefused, jsonRpcError } from "./json-rpc-error.ts";
import type { Asker, SignalledToolCaller } from "./mcp-server.ts";
import { buildMcpServer } from "./mcp-server.ts";
import { handleModernRequest, isModernRequest } from "./modern-mcp.ts";
import { readJsonBody } from "./read-json-body.ts";

export const MCP_PATH = "/mcp";
export const MAX_REQUEST_BYTES = 1024 * 1024;

export function protectedResourceMetadataUrl(baseUrl: string): string {
  return `${baseUrl}/.well-known/oauth-protected-resource${MCP_PATH}`;
}

/** A refusal's status, headers and JSON-RPC error body, for both request paths to send alike. */
export interface Refusal {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const refusal = (status: number, code: number, message: string, headers: Record<string, string> = {}) => ({
  status,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }),
});

function unauthorizedRefusal(baseUrl: string, invalidToken: boolean, message?: string): Refusal {
  // The scope tells the client what to ask for (RFC 6750 §3; MCP authorization, scope selection):
  // "mcp" for this endpoint and "offline_access", without which it would get no refresh token.
  const metadata = `resource_metadata="${protectedResourceMetadataUrl(baseUrl)}", scope="${OAUTH_SCOPES.join(" ")}"`;
  const challenge = invalidToken
    ? `Bearer error="invalid_token", error_description="The access token is invalid, expired or revoked", ${metadata}`
    : `Bearer ${metadata}`;
  return refusal(
    401,
    -32001,
    message ??
      (invalidToken
        ? "Invalid, expired or revoked token"
        : "Authorization required: send a Bearer API key or OAuth access token"),
    { "www-authenticate": challenge },
  );
}

/** The 401s are the same for every request: made once per base URL (a junk-key flood asks for them). */
const unauthorizedRefusals = new Map<string, { invalid: Refusal; missing: Refusal }>();

function unauthorizedParts(baseUrl: string, invalidToken: boolean): Refusal {
  let both = unauthorizedRefusals.get(baseUrl);
  if (!both) {
    both = { invalid: unauthorizedRefusal(baseUrl, true), missing: unauthorizedRefusal(baseUrl, false) };
    unauthorizedRefusals.set(baseUrl, both);
  }
  return invalidToken ? both.invalid : both.missing;
}

const asResponse = ({ status, headers, body }: Refusal) => new Response(body, { status, headers });

/** srvx's Request carries the connection's peer address as `ip` (none for a Request made in process). */
export const peerOf = (request: Request) => (request as Request & { ip?: string }).ip;

/** What a request refused before any tool was looked at is answered. */
export function admissionRefusal(app: App, admission: Exclude<RequestAdmission, { ok: true }>): Refusal {
  if (admission.reason === "host") return refusal(403, -32000, admission.message);
  if (admission.reason === "throttled") {
    return refusal(429, -32000, TOO_MANY_FAILURES_MESSAGE, {
      "retry-after": String(admission.retryAfterSeconds),
    });
  }
  // A refusal with its own message (a management token on /mcp) is rare: only the plain two are kept.
  return admission.message
    ? unauthorizedRefusal(app.config.baseUrl, admission.invalidToken, admission.message)
    : unauthorizedParts(app.config.baseUrl, admission.invalidToken);
}

/** The answer to a request refused before any tool was looked at. */
export function admissionRefused(app: App, admission: Exclude<RequestAdmission, { ok: true }>): Response {
  return asResponse(admissionRefusal(app, admission));
}

/** Accept lists text/event-stream before application/json (or without it): the client wants a stream. */
export function prefersEventStream(accept: string | null): boolean {
  const header = accept ?? "";
  const sse = header.indexOf("text/event-stream");
  const json = header.indexOf("application/json");
  return sse !== -1 && (json === -1 || sse < json);
}

/** A message asking for progress notifications, which only a stream can carry. */
export function asksForProgress(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some(
    (message) =>
      (message as { params?: { _meta?: { progressToken?: unknown } } })?.params?._meta?.progressToken !==
      undefined,
  );
}

/** JSON is the default; a stream when the client prefers one or asks for progress. */
function wantsEventStream(request: Request, body: unknown): boolean {
  return prefersEventStream(request.headers.get("accept")) || asksForProgress(body);
}

/**
 * A tools/call of a tool that may stop to ask (an agent), from a caller that declared form-mode
 * elicitation: answered as a stream, so the question can go to the person on it (legacy-elicitation.ts).
 * Every other call keeps the JSON fast path.
 */
export function elicitsOverStream(
  elicitation: LegacyElicitation,
  principal: Principal,
  body: unknown,
  tools: ProjectTools,
): boolean {
  const message = body as { method?: unknown; params?: { name?: unknown; arguments?: unknown } } | null;
  if (message?.method !== "tools/call" || typeof message.params?.name !== "string") return false;
  if (!elicitation.mayElicitForm(principal)) return false;
  const args = message.params.arguments;
  const target = toolCallTarget(
    tools,
    message.params.name,
    typeof args === "object" && args !== null ? (args as Record<string, unknown>) : {},
  );
  if (!target || !("tool" in target)) return false;
  if (mayAsk(target.tool)) return true;
  // A call the project's policy has the person confirm: asked on the stream too (governance/).
  return (
    tools.governance !== null &&
    decide(tools.governance, target.tool, target.args, principal).action === "confirm"
  );
}

/** The request's own trace and id, from its headers, for every tool call it carries. */
export interface CallOrigin {
  traceparent: string | null;
  requestId: string | undefined;
}

/** How every tools/call through /mcp runs, whichever path answers it: admission.ts's callTool. */
export const mcpToolCaller =
  (app: App, principal: Principal, signal: AbortSignal, origin: CallOrigin) =>
  (
    tool: GatewayTool,
    args: Record<string, unknown>,
    callSignal: AbortSignal = signal,
    onProgress?: (message: string) => void,
    metaTraceparent?: string,
  ) =>
    callTool(app, {
      door: "mcp",
      tool,
      args,
      principal,
      signal: callSignal,
      onProgress,
      traceparent: metaTraceparent ?? origin.traceparent,
      requestId: origin.requestId,
    });

/** The caller as direct-answers.ts calls it: the request's signal, no progress. */
export const directToolCaller =
  (call: SignalledToolCaller, signal: AbortSignal): ToolCaller =>
  (tool, args, traceparent) =>
    call(tool, args, signal, undefined, traceparent);

/** 202 as the transport answers a POST of responses; an answer refused says why. */
function answersResponse(outcome: Exclude<AnswersOutcome, "not-answers">): Response {
  if (outcome === "too-large") {
    return jsonRpcError(
      413,
      -32600,
      `Elicitation answer too large: at most ${MAX_ANSWER_BYTES} bytes of content; the question is left unanswered`,
    );
  }
  if (outcome === "unrelayed") {
    return jsonRpcError(
      503,
      -32000,
      "The answer could not be handed to the call waiting for it; send it again",
    );
  }
  return new Response(null, { status: 202 });
}

/** POST /mcp on the Web path; a database outage is a 503 with Retry-After (database-outage.ts). */
export function handleMcpRequest(app: App, request: Request): Promise<Response> {
  return answerMcpRequest(app, request).catch(
    (error: unknown) => outageRpcResponse(error) ?? Promise.reject(error),
  );
}

async function answerMcpRequest(app: App, request: Request): Promise<Response> {
  const admission = await authenticateRequest(app, (name) => request.headers.get(name), peerOf(request));
  if (!admission.ok) return admissionRefused(app, admission);
  const { principal } = admission;

  // A test harness's override (the conformance fixture), never in production: see endpoint-override.ts.
  const override = mcpEndpointOverride(app, principal);
  if (override) return override.handle(request, principal);

  if (request.method !== "POST") {
    // Stateless server: no standalone SSE stream to GET and no session to DELETE.
    return jsonRpcError(405, -32000, "Method not allowed: this endpoint is stateless, use POST", {
      allow: "POST",
    });
  }
  const body = await readJsonBody(request, MAX_REQUEST_BYTES);
  if (!body.ok) return bodyRefused(body);

  const tools = await app.gateway.tools.toolsFor(principal.projectId);
  const { elicitation } = app.gateway;
  const stream =
    wantsEventStream(request, body.value) || elicitsOverStream(elicitation, principal, body.value, tools);
  const call = mcpToolCaller(app, principal, request.signal, {
    traceparent: request.headers.get("traceparent"),
    requestId: requestIdFrom(request.headers.get("x-request-id")),
  });
  if (!stream) {
    const direct =
      answerToolsList(request, body.value, tools) ??
      (await answerToolsCall(request, body.value, tools, directToolCaller(call, request.signal)));
    if (direct) return direct;
  }
  // The client's answer to a question a tools/call is waiting on, here or on another process (a
  // stateless server would give it to a fresh server that never asked).
  const answers = await elicitation.takeAnswers(principal, body.value);
  if (answers !== "not-answers") return answersResponse(answers);
  // 2026-07-28 (the per-request envelope, or its version header): the v2 SDK answers. Asked only here,
  // after the fast path, which never answers such a request (direct-answers.ts checks the envelope).
  if (await isModernRequest(request, body.value)) {
    const tasks = tasksFor2026(app, principal, callTool);
    return handleModernRequest(request, body.value, { principal, tools, call, tasks });
  }
  await elicitation.rememberClientCapabilities(principal, body.value);
  // Only a stream can carry a question to the person, and only to a caller that declared it can answer.
  const ask: Asker | undefined =
    stream && elicitation.mayElicitForm(principal)
      ? (question, relatedRequestId, signal, form) =>
          elicitation.elicitForm(
            principal,
            (message) => transport.send(message as never, { relatedRequestId }),
            {
              message: question,
              requestedSchema: form === "confirmation" ? CONFIRMATION_FORM_SCHEMA : CLARIFICATION_FORM_SCHEMA,
            },
            signal,
          )
      : undefined;
  const server = buildMcpServer(tools, call, ask, tasksFor2025(app, principal, callTool));
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !stream,
  });
  await server.connect(transport);
  // Not closed afterwards on purpose: once the answer exists the pair holds nothing (no timers, no
  // pending requests) and is garbage; close() would only build a "Connection closed" error to reject
  // nothing with, a measurable share of a tools/call. A stream ends itself after its last response.
  return transport.handleRequest(request, { parsedBody: body.value });
}
