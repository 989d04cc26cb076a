// The OpenAPI engine: tools generated from the integration's document (documents.ts), run over HTTP
// with the organization's connection (connection-auth.ts). Every upstream failure — a broken
// connection, bad arguments, an HTTP error, a timeout — is an isError result that says what happened.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  type CodeTool,
  ToolFailure,
  type UpstreamBytes,
  type UpstreamCall,
  type UpstreamText,
} from "../../../../integrations/_kit/code-tools.ts";
import { readList } from "../../../../integrations/_kit/list-answer.ts";
import { integrationRegistry } from "../../../../integrations/registry.ts";
import { AppError } from "../../../../lib/errors.ts";
import { providers } from "../../../../lib/integrations/providers.ts";
import type { IntegrationId } from "../../../../lib/integrations/types.ts";
import type { App } from "../../../app-services.ts";
import { type Deadline, startDeadline } from "../../../deadline.ts";
import { toolError } from "../../../gateway/catalogue/tool-types.ts";
import { connectionUnavailable } from "../../../gateway/input-requests/connection-needed.ts";
import { markServedBy } from "../../../gateway/pipeline/served-by.ts";
import type { CallTrace } from "../../../observability/call-trace.ts";
import { readBytesCapped } from "../../../security/ssrf-guard.ts";
import { ConnectionUnavailableError } from "../../connections/connection-errors.ts";
import { callRefusesCredential, credentialRefused } from "../../connections/credential-refusal.ts";
import { storedReason } from "../../connections/status-reason.ts";
import { networkReason } from "../../outbound-fetch.ts";
import { type ConnectionAuth, forgetConnectionAuth, resolveConnectionAuth } from "../connection-auth.ts";
import type { EngineTarget, EngineTool, IntegrationEngine } from "../engine.ts";
import { buildRequest, serverUrl, type UpstreamRequest } from "./build-request.ts";
import { codeTools, documentTools, openApiDocuments } from "./documents.ts";
import { successResult, upstreamError } from "./format-result.ts";
import type { OpenApiTool } from "./generate-tools.ts";
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

const callTool: IntegrationEngine["callTool"] = async (app, target, name, args, signal, trace) => {
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
      await resolveConnectionAuth(app, { ...target, provider }),
    );
  } catch (error) {
    if (error instanceof ConnectionUnavailableError) return connectionUnavailable(error.reason);
    throw error;
  }
  const timeoutMs = callTimeoutMs(app);
  // The deadline covers reading the answer too, so it is released only once that is done.
  const deadline = startDeadline(signal, timeoutMs);
  const call: Exchange = { app, target, auth, deadline, providerName, timeoutMs, trace: trace ?? null };
  try {
    // The call log names the connection that served the call (gateway/pipeline/served-by.ts).
    return markServedBy(await exchange(call, args, generated, code as CodeTool), auth);
  } finally {
    deadline.release();
  }
};

async function exchange(
  call: Exchange,
  args: Record<string, unknown>,
  generated: OpenApiTool | undefined,
  code: CodeTool,
): Promise<CallToolResult> {
  if (generated) {
    return sendAndRead(
      call,
      (current) => buildRequest(generated, args, current),
      generated.retryable,
      successResult,
    );
  }
  const server = openApiDocuments[call.target.integrationId]?.servers?.map((item) => item.url) ?? [
    "{baseUrl}",
  ];
  try {
    return await code.run(args, {
      apiBase: call.auth.baseUrl,
      request: (upstream) => requestJson(call, server, upstream),
      requestList: async (upstream, shape) =>
        readList(await requestJson(call, server, upstream), shape, call.providerName),
      requestText: (upstream) => requestText(call, server, upstream),
      requestBytes: (upstream, maxBytes) => requestBytes(call, server, upstream, maxBytes),
    });
  } catch (error) {
    if (error instanceof ToolFailure) return error.result;
    throw error;
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
  trace: CallTrace | null;
}

async function sendAndRead(
  call: Exchange,
  build: (auth: ConnectionAuth) => UpstreamRequest,
  retryable: boolean,
  read: (response: Response, providerName: string) => Promise<CallToolResult>,
  /** A redirect answer goes to `read` (its Location is a pre-authenticated URL), not to the errors. */
  readsRedirect = false,
): Promise<CallToolResult> {
  const { app, deadline, providerName, timeoutMs } = call;
  const integration = call.target.integrationId;
  const { trace } = call;
  // A key sent as saved (no token Portico obtained from it) has nothing to renew: its 401 is its refusal.
  const savedKey = call.auth.accessToken === undefined && call.auth.connectionId !== undefined;
  let outcome = await sendRequest(app, call.auth, build(call.auth), {
    retryable,
    deadline,
    integration,
    trace,
  });
  // An OAuth token refused before its recorded expiry (revoked, or no expiry was given) is refreshed
  // once, a login's token (Caflou) renewed by logging in again, and the request sent again; a second
  // 401 is the answer. A login that fails says why (a changed password), not just the first 401.
  if ("response" in outcome && outcome.response.status === 401 && call.auth.accessToken) {
    const refreshed = await refreshedAuth(call);
    if ("failure" in refreshed && call.auth.authFlow !== "oauth") {
      await outcome.response.body?.cancel();
      return toolError(refreshed.failure);
    }
    if ("auth" in refreshed) {
      await outcome.response.body?.cancel();
      call.auth = refreshed.auth;
      outcome = await sendRequest(app, refreshed.auth, build(refreshed.auth), {
        retryable,
        deadline,
        integration,
        trace,
      });
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
    if (response.status >= 300 && !(readsRedirect && isRedirect(response))) {
      const failed = await upstreamError(response, providerName, call.auth.authFlow);
      if (savedKey && callRefusesCredential(response.status)) return await keyRefused(call, failed);
      return failed;
    }
    return await read(response, providerName);
  } catch (error) {
    // The deadline or the caller can also end the call while the answer is being read.
    if (deadline.timedOut()) return toolError(`${providerName} did not answer within ${timeoutMs / 1000} s.`);
    if (deadline.signal.aborted) return toolError("The call was cancelled.");
    return toolError(`${providerName}'s answer could not be read: ${networkReason(error)}.`);
  }
}

/**
 * The provider refused the saved key during a tool call: the connection is marked broken with the
 * answer as its reason (credential-refusal.ts), and the answer loses any echo of the key on the way.
 */
async function keyRefused(call: Exchange, failed: CallToolResult): Promise<CallToolResult> {
  const answer = failed.content.map((part) => (part.type === "text" ? part.text : "")).join(" ");
  const reason = storedReason(answer);
  if (call.auth.connectionId) await credentialRefused(call.app, call.auth.connectionId, reason);
  return toolError(reason);
}

/** The connection's auth with a refreshed token, or why it cannot be refreshed. */
async function refreshedAuth(call: Exchange): Promise<{ auth: ConnectionAuth } | { failure: string }> {
  try {
    const auth = await resolveConnectionAuth(
      call.app,
      { ...call.target, provider: call.auth.provider },
      call.auth.accessToken,
    );
    return { auth: forIntegration(call.app, call.target.integrationId, auth) };
  } catch (error) {
    if (error instanceof ConnectionUnavailableError) return { failure: error.reason };
    throw error;
  }
}

const RETRYABLE_METHODS = new Set(["GET", "PUT", "DELETE"]);

const isRedirect = (response: Response) =>
  [301, 302, 303, 307, 308].includes(response.status) && response.headers.has("location");

/**
 * A code tool's request: the answer's first `maxBytes` bytes and its type, or a ToolFailure carrying
 * the error result. A larger answer is cut and flagged `truncated` (a download the tool reports as too
 * large), or refused when `tooLarge` is "fail" (JSON and text answers, where half an answer is no answer).
 */
async function requestBytes(
  call: Exchange,
  server: readonly string[],
  upstream: UpstreamCall,
  maxBytes: number,
  tooLarge: "cut" | "fail" = "cut",
): Promise<UpstreamBytes> {
  let answer: UpstreamBytes = { bytes: new Uint8Array(), contentType: "", truncated: false };
  let location: string | undefined;
  const result = await sendAndRead(
    upstream.preauthenticated ? anonymous(call) : call,
    (auth) =>
      codeRequest(upstream.base === "root" ? auth.baseUrl : serverUrl(server, auth), upstream, auth.headers),
    upstream.retryable ?? RETRYABLE_METHODS.has(upstream.method),
    async (response, providerName) => {
      if (upstream.redirect && isRedirect(response)) {
        await response.body?.cancel();
        location = new URL(response.headers.get("location") ?? "", response.url || undefined).toString();
        return { content: [] };
      }
      const { bytes, truncated } = await readBytesCapped(response, maxBytes);
      if (truncated && tooLarge === "fail")
        return toolError(`${providerName}'s answer was too large to read.`);
      answer = { bytes, contentType: response.headers.get("content-type") ?? "", truncated };
      return { content: [] };
    },
    upstream.redirect !== undefined,
  );
  if (result.isError) throw new ToolFailure(result);
  if (location !== undefined) {
    const download = {
      method: "GET",
      path: "",
      preauthenticated: location,
      accept: upstream.accept,
    } as const;
    return requestBytes(call, server, download, maxBytes, tooLarge);
  }
  return answer;
}

async function requestText(
  call: Exchange,
  server: readonly string[],
  upstream: UpstreamCall,
): Promise<UpstreamText> {
  const { bytes, contentType } = await requestBytes(call, server, upstream, MAX_CODE_ANSWER_BYTES, "fail");
  return { text: new TextDecoder().decode(bytes), contentType };
}

async function requestJson<T>(call: Exchange, server: readonly string[], upstream: UpstreamCall): Promise<T> {
  const { text } = await requestText(call, server, upstream);
  if (!text.trim()) return {} as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ToolFailure(toolError(`${call.providerName} answered something that is not JSON.`));
  }
}

/** Code tools read whole answers (a message with its bodies), decode and shorten what they return. */
const MAX_CODE_ANSWER_BYTES = 10 * 1024 * 1024;

/** A pre-authenticated URL goes out without the connection's credentials, and through the SSRF guard. */
const anonymous = (call: Exchange): Exchange => ({
  ...call,
  auth: { ...call.auth, headers: {}, accessToken: undefined, connectionId: undefined, userSupplied: true },
});

/** A provider's next-page link, accepted only under the API's own address. */
function linkUnder(base: string, link: string): URL {
  const root = new URL(base);
  const url = URL.canParse(link) ? new URL(link) : null;
  const prefix = `${root.pathname.replace(/\/+$/, "")}/`;
  if (!url || url.origin !== root.origin || !url.pathname.startsWith(prefix)) {
    throw new ToolFailure(
      toolError(
        "The page link is not one this API gave: pass the nextLink exactly as the last answer had it.",
      ),
    );
  }
  return url;
}

function codeUrl(base: string, upstream: UpstreamCall): URL {
  if (upstream.preauthenticated) {
    if (!URL.canParse(upstream.preauthenticated))
      throw new ToolFailure(toolError("The download URL is not valid."));
    return new URL(upstream.preauthenticated);
  }
  if (upstream.link) return linkUnder(base, upstream.link);
  const url = new URL(`${base}${upstream.path}`);
  for (const [key, value] of Object.entries(upstream.query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  return url;
}

const lowerKeys = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

function codeRequest(base: string, upstream: UpstreamCall, headers: Record<string, string>): UpstreamRequest {
  const url = codeUrl(base, upstream);
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
      ...lowerKeys(upstream.headers),
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
  forget: (scope) =>
    forgetConnectionAuth(scope.organizationId, integrationRegistry[scope.integrationId].provider),
};
