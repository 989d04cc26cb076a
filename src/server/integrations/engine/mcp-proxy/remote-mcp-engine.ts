// The engine of source type "mcp" (brevo, exa): the organization's remote MCP server, reached over
// Streamable HTTP with the stored API key or OAuth token, its tools listed (and cached) and its calls forwarded.
// Upstream failures become isError results that say what happened; see ARCHITECTURE.md
// ("Remote MCP engine") for the choices on sessions, caching and limits.
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { App } from "../../../app-services.ts";
import { toolError } from "../../../gateway/catalogue/tool-types.ts";
import { connectionUnavailable } from "../../../gateway/input-requests/connection-needed.ts";
import { markServedBy } from "../../../gateway/pipeline/served-by.ts";
import { withCallTrace } from "../../../observability/call-trace.ts";
import { ConnectionUnavailableError } from "../../connections/connection-errors.ts";
import { callRefusesCredential, credentialRefused } from "../../connections/credential-refusal.ts";
import type {
  EngineScope,
  EngineTarget,
  EngineTool,
  IntegrationEngine,
  ListToolsOptions,
} from "../engine.ts";
import { upstreamToolsChanged } from "../upstream-tool-changes.ts";
import { capResult } from "./cap-result.ts";
import { describeFailure } from "./describe-failure.ts";
import { listRemoteTools, type RemoteToolSet } from "./list-remote-tools.ts";
import { type RemoteEndpoint, resolveRemoteEndpoint } from "./remote-endpoint.ts";
import { SessionPool } from "./session-pool.ts";
import { ToolCache } from "./tool-cache.ts";

export interface RemoteMcpEngineOptions {
  /** One tools/call, from the request to the whole answer. */
  callTimeoutMs: number;
  /** initialize and each tools/list page. */
  listTimeoutMs: number;
  toolsTtlMs: number;
  /** A session unused this long is closed. */
  idleMs: number;
  /** Content handed to the agent (characters of text, or of serialized other content). */
  maxResultChars: number;
  /** Anything a remote server sends in one HTTP response. */
  maxResponseBytes: number;
}

export const REMOTE_MCP_DEFAULTS: RemoteMcpEngineOptions = {
  callTimeoutMs: 60_000,
  listTimeoutMs: 15_000,
  toolsTtlMs: 5 * 60_000,
  idleMs: 60_000,
  maxResultChars: 100_000,
  maxResponseBytes: 10_000_000,
};

/** callTool's "the tool was redefined upstream" (pinned definitions), told apart from a result. */
const HELD_BACK = Symbol("held back");

/**
 * Sessions and tool lists are per connection: "organization:connection:integration" (the session pool
 * reads the integration from the end). An endpoint always names its connection; the fallback is a guard.
 */
const keyOf = (target: EngineTarget, endpoint: RemoteEndpoint) =>
  `${target.organizationId}:${endpoint.connectionId ?? "-"}:${target.integrationId}`;
const inScope = (scope: EngineScope) => (key: string) =>
  key.startsWith(`${scope.organizationId}:`) && key.endsWith(`:${scope.integrationId}`);

export function createRemoteMcpEngine(overrides: Partial<RemoteMcpEngineOptions> = {}): IntegrationEngine {
  const options = { ...REMOTE_MCP_DEFAULTS, ...overrides };
  const tools = new ToolCache<RemoteToolSet>(options.toolsTtlMs);
  // The longest exchange is a call; the HTTP limit sits just above it so the MCP timeout speaks first.
  const pool = new SessionPool({
    idleMs: options.idleMs,
    connectTimeoutMs: options.listTimeoutMs,
    timeoutMs: Math.max(options.callTimeoutMs, options.listTimeoutMs) + 1_000,
    maxResponseBytes: options.maxResponseBytes,
  });

  // Per key, the hashes of the last list read: a reload that differs tells project servers, whose
  // pinned definitions decide what agents get (upstream-tool-changes.ts). Compared once per reload.
  const signatures = new Map<string, string>();
  const noteSignature = (app: App, target: EngineTarget, key: string, set: RemoteToolSet) => {
    const signature = [...set.hashes].map(([name, hash]) => `${name}:${hash}`).join(",");
    const previous = signatures.get(key);
    signatures.set(key, signature);
    if (previous !== undefined && previous !== signature) {
      upstreamToolsChanged(app, {
        organizationId: target.organizationId,
        integrationId: target.integrationId,
      });
    }
  };

  const toolSet = (app: App, target: EngineTarget, endpoint: RemoteEndpoint, freshSince?: Date) => {
    const key = keyOf(target, endpoint);
    return tools.get(
      key,
      endpoint.fingerprint,
      async () => {
        const set = await pool.use(app, key, endpoint, (client) =>
          listRemoteTools(client, `${endpoint.name}'s MCP server`, options.listTimeoutMs),
        );
        noteSignature(app, target, key, set);
        return set;
      },
      freshSince?.getTime(),
    );
  };

  return {
    async listTools(app, target, listOptions: ListToolsOptions = {}): Promise<EngineTool[]> {
      let endpoint = await resolveRemoteEndpoint(app, target);
      try {
        return await withFreshToken(app, target, endpoint, async (current) => {
          endpoint = current;
          return (await toolSet(app, target, current, listOptions.freshSince)).tools;
        });
      } catch (error) {
        const reason = describeFailure(error, {
          name: endpoint.name,
          timeoutMs: options.listTimeoutMs,
          cancelled: false,
          oauth: endpoint.accessToken !== undefined,
        });
        throw new ConnectionUnavailableError(reason);
      }
    },

    async callTool(app, target, name, args, signal, trace, pinnedHash): Promise<CallToolResult> {
      let endpoint: RemoteEndpoint;
      try {
        endpoint = await resolveRemoteEndpoint(app, target);
      } catch (error) {
        if (error instanceof ConnectionUnavailableError) return connectionUnavailable(error.reason);
        throw error;
      }
      let timeoutMs = options.listTimeoutMs;
      try {
        const result = await withFreshToken(app, target, endpoint, async (current) => {
          endpoint = current;
          timeoutMs = options.listTimeoutMs;
          const set = await toolSet(app, target, current);
          const remoteName = set.remoteNames.get(name);
          if (!remoteName) return null;
          // The upstream redefined the tool since it was offered: held back until an admin reviews it.
          if (pinnedHash !== undefined && set.hashes.get(name) !== pinnedHash) return HELD_BACK;
          timeoutMs = options.callTimeoutMs;
          // The SDK's transport makes the request (guarded-fetch.ts), so the trace is entered for it.
          return withCallTrace(trace, () =>
            pool.use(app, keyOf(target, current), current, (client) =>
              client.callTool({ name: remoteName, arguments: args }, undefined, {
                signal,
                timeout: options.callTimeoutMs,
              }),
            ),
          );
        });
        if (!result) return toolError(`${endpoint.name}'s MCP server has no tool named ${name}.`);
        if (result === HELD_BACK) {
          upstreamToolsChanged(app, {
            organizationId: target.organizationId,
            integrationId: target.integrationId,
          });
          return toolError(
            `${endpoint.name}'s MCP server changed the definition of ${name}. It is held back until an admin of the project reviews the change in Portico.`,
          );
        }
        // Servers of the 2024-10-07 protocol answer `toolResult` instead of content.
        const content: CallToolResult =
          "content" in result
            ? (result as CallToolResult)
            : { content: [{ type: "text", text: JSON.stringify(result.toolResult) }] };
        // The call log names the connection that served the call (gateway/pipeline/served-by.ts).
        return markServedBy(capResult(content, options.maxResultChars), endpoint);
      } catch (error) {
        return toolError(
          describeFailure(error, {
            name: endpoint.name,
            timeoutMs,
            cancelled: signal.aborted,
            oauth: endpoint.accessToken !== undefined,
          }),
        );
      }
    },

    forget(scope) {
      tools.deleteWhere(inScope(scope));
      for (const key of signatures.keys()) if (inScope(scope)(key)) signatures.delete(key);
      pool.forgetWhere(inScope(scope));
    },
  };
}

/**
 * Runs `work` against the endpoint. An OAuth access token the server refuses (HTTP 401: revoked, or
 * expired before its recorded expiry) is refreshed once and `work` runs again with the new token; the
 * refresh's own failure (ConnectionUnavailableError) says to reconnect. API keys are not retried: their
 * 401 marks the connection broken.
 */
async function withFreshToken<T>(
  app: App,
  target: EngineTarget,
  endpoint: RemoteEndpoint,
  work: (endpoint: RemoteEndpoint) => Promise<T>,
): Promise<T> {
  try {
    return await work(endpoint);
  } catch (error) {
    const refused = error instanceof StreamableHTTPError && callRefusesCredential(error.code ?? 0);
    if (refused && !endpoint.accessToken && endpoint.connectionId) {
      // A saved API key has nothing to renew: its refusal breaks the connection (credential-refusal.ts).
      const reason = describeFailure(error, { name: endpoint.name, timeoutMs: 0, cancelled: false });
      await credentialRefused(app, endpoint.connectionId, reason);
    }
    if (!refused || !endpoint.accessToken) throw error;
    let refreshed: RemoteEndpoint;
    try {
      refreshed = await resolveRemoteEndpoint(app, target, endpoint.accessToken);
    } catch (failure) {
      if (!(failure instanceof ConnectionUnavailableError) || /connect again/i.test(failure.reason))
        throw failure;
      throw new ConnectionUnavailableError(
        `${failure.reason} Reconnect ${endpoint.name} in the organization's integrations.`,
      );
    }
    return work(refreshed);
  }
}

export const remoteMcpEngine: IntegrationEngine = createRemoteMcpEngine();
