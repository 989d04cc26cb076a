// One MCP session per organization's remote server, reused by calls that follow each other closely
// (initialize costs a round trip or two, and some servers keep per-session state), closed after it has
// been idle for a while. A session the server forgot (HTTP 404 on its session id) is opened again once.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { App } from "../../../app-services.ts";
import { type GuardedFetchLimits, guardedMcpFetch } from "./guarded-fetch.ts";
import type { RemoteEndpoint } from "./remote-endpoint.ts";

export interface SessionPoolOptions extends GuardedFetchLimits {
  idleMs: number;
  /** Time limit of the initialize handshake. */
  connectTimeoutMs: number;
}

interface Session {
  fingerprint: string;
  transport: StreamableHTTPClientTransport;
  ready: Promise<Client>;
  /** The handshake succeeded: a 404 from now on means the server dropped the session. */
  established: boolean;
  active: number;
  retired: boolean;
  closed: boolean;
  idleTimer?: NodeJS.Timeout;
}

/** Errors after which the session is not trusted any more; a JSON-RPC error or a slow tool is not one. */
const breaksSession = (error: unknown) =>
  !(error instanceof McpError) || error.code === ErrorCode.ConnectionClosed;

export class SessionPool {
  private readonly sessions = new Map<string, Session>();
  private readonly options: SessionPoolOptions;

  constructor(options: SessionPoolOptions) {
    this.options = options;
  }

  async use<T>(app: App, key: string, endpoint: RemoteEndpoint, work: (client: Client) => Promise<T>) {
    for (let attempt = 0; ; attempt++) {
      const session = this.acquire(app, key, endpoint);
      try {
        return await work(await session.ready);
      } catch (error) {
        // A failed handshake leaves nothing to reuse, whatever the error.
        if (!session.established || breaksSession(error)) this.retire(key, session);
        const expired = session.established && error instanceof StreamableHTTPError && error.code === 404;
        if (expired && attempt === 0) continue;
        throw error;
      } finally {
        this.release(key, session);
      }
    }
  }

  /** Closes the sessions whose key `matches`, once the calls using them are done. */
  forgetWhere(matches: (key: string) => boolean): void {
    for (const [key, session] of this.sessions) if (matches(key)) this.retire(key, session);
  }

  private acquire(app: App, key: string, endpoint: RemoteEndpoint): Session {
    let session = this.sessions.get(key);
    if (session && session.fingerprint !== endpoint.fingerprint) {
      this.retire(key, session);
      session = undefined;
    }
    if (!session) {
      // Keys end in ":integration" (remote-mcp-engine.ts); the integration labels the metrics.
      session = this.open(app, endpoint, key.slice(key.lastIndexOf(":") + 1));
      this.sessions.set(key, session);
    }
    clearTimeout(session.idleTimer);
    session.active += 1;
    return session;
  }

  private release(key: string, session: Session): void {
    session.active -= 1;
    if (session.active > 0) return;
    if (session.retired) {
      this.close(session);
      return;
    }
    session.idleTimer = setTimeout(() => this.retire(key, session), this.options.idleMs);
    // An idle session must not keep the process (or a test run) alive.
    session.idleTimer.unref();
  }

  private retire(key: string, session: Session): void {
    if (this.sessions.get(key) === session) this.sessions.delete(key);
    session.retired = true;
    if (session.active === 0) this.close(session);
  }

  private open(app: App, endpoint: RemoteEndpoint, integration: string): Session {
    const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
      fetch: guardedMcpFetch(app, this.options, integration),
      requestInit: { headers: endpoint.headers },
      // Server-initiated streams are not used (see guarded-fetch.ts), so there is nothing to resume.
      reconnectionOptions: {
        maxRetries: 0,
        initialReconnectionDelay: 1000,
        maxReconnectionDelay: 1000,
        reconnectionDelayGrowFactor: 1,
      },
    });
    const client = new Client({ name: "portico", version: "1.0.0" }, { capabilities: {} });
    const session: Session = {
      fingerprint: endpoint.fingerprint,
      transport,
      established: false,
      active: 0,
      retired: false,
      closed: false,
      ready: client.connect(transport, { timeout: this.options.connectTimeoutMs }).then(() => {
        session.established = true;
        return client;
      }),
    };
    // Whoever acquired the session awaits `ready`; this only keeps a failed handshake from being reported
    // as unhandled when the session is retired before anyone looks.
    session.ready.catch(() => undefined);
    return session;
  }

  private close(session: Session): void {
    if (session.closed) return;
    session.closed = true;
    clearTimeout(session.idleTimer);
    void session.ready
      .then(async (client) => {
        // Tells the server it may free the session (DELETE, through the same guarded fetch).
        await session.transport.terminateSession().catch(() => undefined);
        await client.close();
      })
      .catch(() => session.transport.close());
  }
}
