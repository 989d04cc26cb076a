// The OpenAPI engine: tools generated from the integration's document (documents.ts), run over HTTP
// with the organization's connection (connection-auth.ts). Every upstream failure — a broken
// connection, bad arguments, an HTTP error, a timeout — is an isError result that says what happened.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { integrationRegistry } from "../../../../integrations/registry.ts";
import { AppError } from "../../../../lib/errors.ts";
import { providers } from "../../../../lib/integrations/providers.ts";
import type { IntegrationId } from "../../../../lib/integrations/types.ts";
import type { App } from "../../../app.ts";
import { type Deadline, startDeadline } from "../../../deadline.ts";
import { toolError } from "../../../gateway/tool-types.ts";
import { readTextCapped } from "../../../security/ssrf-guard.ts";
import { ConnectionUnavailableError } from "../../connections/access-token.ts";
import { networkReason } from "../../outbound-fetch.ts";
import { type ConnectionAuth, forgetConnectionAuth, resolveConnectionAuth } from "../connection-auth.ts";
import type { EngineTarget, EngineTool, IntegrationEngine } from "../engine.ts";
import { buildRequest, serverUrl, type UpstreamRequest } from "./build-request.ts";
import { type CodeTool, ToolFailure, type UpstreamCall, type UpstreamText } from "./code-tools.ts";
import { codeTools, documentTools, openApiDocuments } from "./documents.ts";
import { successResult, upstreamError } from "./format-result.ts";
import { sendRequest } from "./send-request.ts";
import { argumentProblem } from "./validate-arguments.ts";

/** The longest one upstream call may take, retries included. */
export const UPSTREAM_TIMEOUT_MS = 30_000;

/** What clients see: the run-time details (method, path, …) stay inside the engine. */
const publicTool = (tool: EngineTool): EngineTool => ({
  name: tool.name,
  title: tool.title,
  description: tool.description,
  inputSchema: tool.inputSchema,
  annotations: tool.annotations,
});

/** An integration's tools as listed to clients: generated from its document, then its code tools. */
export const openApiListedTools = (integrationId: IntegrationId): EngineTool[] => [
  ...documentTools(integrationId).list.map(publicTool),
  ...codeTools(integrationId).map(publicTool),
];

// Finish a little before the gateway's own limit, so the caller reads our specific message.
const callTimeoutMs = (app: App) =>
  Math.max(100, Math.min(UPSTREAM_TIMEOUT_MS, Math.floor(app.config.toolTimeoutMs * 0.9)));

/** The connection's API base, or the integration's own host when it has one (Gmail). */
function forIntegration(app: App, integrationId: IntegrationId, auth: ConnectionAuth): ConnectionAuth {
  const own =
    app.config.integrationEndpoints[integrationId]?.apiBaseUrl ??
    integrationRegistry[integrationId].apiBaseUrl;
  return own && !auth.userSupplied ? { ...auth, baseUrl: own } : auth;
}

async function callTool(
  app: App,
  target: EngineTarget,
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
): Promise<CallToolResult> {
  const { provider } = integrationRegistry[target.integrationId];
  const providerName = providers[provider].name;
  const generated = documentTools(target.integrationId).byName.get(name);
  const code = generated ? undefined : codeTools(target.integrationId).find((tool) => tool.name === name);
  const tool = generated ?? code;
  if (!tool)
    return toolError(`Unknown tool ${name} for ${integrationRegistry[target.integrationId].entry.name}.`);
  const problem = argumentProblem(tool, args);
  if (problem) return toolError(`Invalid arguments for ${name}: ${problem}`);

  let auth: ConnectionAuth;
  try {
    auth = forIntegration(
      app,
      target.integrationId,
      await resolveConnectionAuth(app, target.organizationId, provider),
    );
  } catch (error) {
    if (error instanceof ConnectionUnavailableError) return toolError(error.reason);
    throw error;
  }
  const timeoutMs = callTimeoutMs(app);
  // The deadline covers reading the answer too, so it is released only once that is done.
  const deadline = startDeadline(signal, timeoutMs);
  const call: Exchange = { app, target, auth, deadline, providerName, timeoutMs };
  try {
    if (generated) {
      return await sendAndRead(
        call,
        (current) => buildRequest(generated, args, current),
        generated.retryable,
        successResult,
      );
    }
    const server = openApiDocuments[target.integrationId]?.servers?.[0]?.url ?? "{baseUrl}";
    try {
      return await (code as CodeTool).run(args, {
        request: (upstream) => requestJson(call, server, upstream),
        requestText: (upstream) => requestText(call, server, upstream),
      });
    } catch (error) {
      if (error instanceof ToolFailure) return error.result;
      throw error;
    }
  } finally {
    deadline.release();
  }
}

/** One tool call's exchange with the provider; `auth` is replaced after a refused token is refreshed. */
interface Exchange {
  app: App;
  target: EngineTarget;
  auth: ConnectionAuth;
  deadline: Deadline;
  providerName: string;
  timeoutMs: number;
}

async function sendAndRead(
  call: Exchange,
  build: (auth: ConnectionAuth) => UpstreamRequest,
  retryable: boolean,
  read: (response: Response, providerName: string) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const { app, deadline, providerName, timeoutMs } = call;
  const integration = call.target.integrationId;
  let outcome = await sendRequest(app, call.auth, build(call.auth), { retryable, deadline, integration });
  // An OAuth token refused before its recorded expiry (revoked, or no expiry was given) is refreshed
  // once and the request sent again; a second 401 is the answer.
  if ("response" in outcome && outcome.response.status === 401 && call.auth.accessToken) {
    const refreshed = await refreshedAuth(call);
    if (refreshed) {
      await outcome.response.body?.cancel();
      call.auth = refreshed;
      outcome = await sendRequest(app, refreshed, build(refreshed), { retryable, deadline, integration });
    }
  }
  if ("failure" in outcome) {
    if (outcome.failure === "timeout") {
      return toolError(`${providerName} did not answer within ${timeoutMs / 1000} s.`);
    }
    if (outcome.failure === "aborted") return toolError("The call was cancelled.");
    const reason =
      outcome.error instanceof AppError
        ? outcome.error.message.replace(/\.$/, "")
        : networkReason(outcome.error);
    return toolError(`Could not reach ${providerName}: ${reason}.`);
  }
  const { response } = outcome;
  try {
    if (response.status >= 300) return await upstreamError(response, providerName, call.auth.authFlow);
    return await read(response, providerName);
  } catch (error) {
    // The deadline or the caller can also end the call while the answer is being read.
    if (deadline.timedOut()) return toolError(`${providerName} did not answer within ${timeoutMs / 1000} s.`);
    if (deadline.signal.aborted) return toolError("The call was cancelled.");
    return toolError(`${providerName}'s answer could not be read: ${networkReason(error)}.`);
  }
}

/** The connection's auth with a refreshed token, or null when it cannot be refreshed (the 401 stands). */
async function refreshedAuth(call: Exchange): Promise<ConnectionAuth | null> {
  try {
    const auth = await resolveConnectionAuth(
      call.app,
      call.target.organizationId,
      call.auth.provider,
      call.auth.accessToken,
    );
    return forIntegration(call.app, call.target.integrationId, auth);
  } catch (error) {
    if (error instanceof ConnectionUnavailableError) return null;
    throw error;
  }
}

const RETRYABLE_METHODS = new Set(["GET", "PUT", "DELETE"]);

/** A code tool's request: the answer's text and type, or a ToolFailure carrying the error result. */
async function requestText(call: Exchange, server: string, upstream: UpstreamCall): Promise<UpstreamText> {
  let answer: UpstreamText = { text: "", contentType: "" };
  const result = await sendAndRead(
    call,
    (auth) =>
      codeRequest(upstream.base === "root" ? auth.baseUrl : serverUrl(server, auth), upstream, auth.headers),
    RETRYABLE_METHODS.has(upstream.method),
    async (response, providerName) => {
      const { text, truncated } = await readTextCapped(response, MAX_CODE_ANSWER_BYTES);
      if (truncated) return toolError(`${providerName}'s answer was too large to read.`);
      answer = { text, contentType: response.headers.get("content-type") ?? "" };
      return { content: [] };
    },
  );
  if (result.isError) throw new ToolFailure(result);
  return answer;
}

async function requestJson<T>(call: Exchange, server: string, upstream: UpstreamCall): Promise<T> {
  const { text } = await requestText(call, server, upstream);
  return (text.trim() ? JSON.parse(text) : {}) as T;
}

/** Code tools read whole answers (a message with its bodies), decode and shorten what they return. */
const MAX_CODE_ANSWER_BYTES = 10 * 1024 * 1024;

function codeRequest(base: string, upstream: UpstreamCall, headers: Record<string, string>): UpstreamRequest {
  const url = new URL(`${base}${upstream.path}`);
  for (const [key, value] of Object.entries(upstream.query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  const content =
    upstream.content ??
    (upstream.body !== undefined
      ? { type: "application/json", body: JSON.stringify(upstream.body) }
      : undefined);
  return {
    method: upstream.method,
    url: url.toString(),
    headers: {
      accept: upstream.accept ?? "application/json",
      ...(content ? { "content-type": content.type } : {}),
      ...headers,
    },
    body: content?.body,
  };
}

export const openApiEngine: IntegrationEngine = {
  // Tools come from the document alone: listing needs neither the connection nor the network.
  listTools: async (_app, target) => openApiListedTools(target.integrationId),
  callTool,
  // Generated tools depend on the document only; what the connection discovered is dropped.
  forget: (target) =>
    forgetConnectionAuth(target.organizationId, integrationRegistry[target.integrationId].provider),
};
