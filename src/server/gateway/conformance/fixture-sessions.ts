// Stateful sessions for the conformance fixture (Mcp-Session-Id): sampling, elicitation and SSE
// resumption need the server to remember a client between requests. Each session has its own SDK
// server, transport and event store (never shared between clients), is bound to the principal that
// opened it — the same session id presented with another project's or key's token is answered as an
// unknown session — and is closed after an idle period.
import { randomUUID } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { bodyRefused, jsonRpcError } from "../json-rpc-error.ts";
import type { Principal } from "../principal.ts";
import { readJsonBody } from "../read-json-body.ts";
import { buildFixtureServer } from "./fixture-server.ts";
import { SessionEventStore } from "./session-event-store.ts";

export interface FixtureSessionOptions {
  /** A session unused for this long is closed. */
  idleTimeoutMs: number;
  /** New sessions are refused past this many open ones. */
  maxSessions: number;
  maxRequestBytes: number;
  /** Milliseconds a client waits before reconnecting a closed stream (SSE `retry:`). */
  retryIntervalMs: number;
}

interface Session {
  owner: string;
  transport: WebStandardStreamableHTTPServerTransport;
  lastUsedAt: number;
}

/** Who may use a session: the same kind of credential, for the same project, key or client, and user. */
export function principalKey(principal: Principal): string {
  return [
    principal.kind,
    principal.projectId,
    principal.apiKeyId ?? principal.oauthClientId ?? "",
    principal.userId,
  ].join("\u0000");
}

export class FixtureSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: ReturnType<typeof setInterval>;

  private readonly options: FixtureSessionOptions;

  constructor(options: FixtureSessionOptions) {
    this.options = options;
    this.sweeper = setInterval(() => void this.closeIdle(), Math.max(100, options.idleTimeoutMs / 4));
    this.sweeper.unref?.();
  }

  get size(): number {
    return this.sessions.size;
  }

  async handle(request: Request, principal: Principal): Promise<Response> {
    let parsedBody: unknown;
    if (request.method === "POST") {
      const body = await readJsonBody(request, this.options.maxRequestBytes);
      if (!body.ok) return bodyRefused(body);
      parsedBody = body.value;
    }
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId) {
      const session = this.sessions.get(sessionId);
      // A session of another principal is reported exactly like one that does not exist.
      if (!session || session.owner !== principalKey(principal)) {
        return jsonRpcError(404, -32001, "Session not found");
      }
      session.lastUsedAt = Date.now();
      return session.transport.handleRequest(request, { parsedBody });
    }
    if (request.method !== "POST" || !isInitializeRequest(parsedBody)) {
      return jsonRpcError(400, -32000, "Bad Request: Mcp-Session-Id header is required");
    }
    if (this.sessions.size >= this.options.maxSessions) {
      return jsonRpcError(503, -32000, "Too many open sessions; try again later");
    }
    return this.open(request, principal, parsedBody);
  }

  /** Closes every session (their open streams end). */
  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((session) => session.transport.close()));
    this.sessions.clear();
  }

  async closeIdle(now = Date.now()): Promise<void> {
    const idle = [...this.sessions.values()].filter(
      (session) => now - session.lastUsedAt >= this.options.idleTimeoutMs,
    );
    await Promise.all(idle.map((session) => session.transport.close()));
  }

  private async open(request: Request, principal: Principal, parsedBody: unknown): Promise<Response> {
    const server = buildFixtureServer();
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      eventStore: new SessionEventStore(),
      retryInterval: this.options.retryIntervalMs,
      onsessioninitialized: (id) => {
        this.sessions.set(id, { owner: principalKey(principal), transport, lastUsedAt: Date.now() });
      },
    });
    // Closing the transport (DELETE, idle timeout, closeAll) ends the session; the server, connected
    // below, chains its own cleanup onto this handler.
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody });
    // An initialize that failed leaves no session behind.
    if (!transport.sessionId || !this.sessions.has(transport.sessionId)) await transport.close();
    return response;
  }
}
