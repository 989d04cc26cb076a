// A remote MCP server like Brevo's or Exa's: the real SDK server over Streamable HTTP (stateful
// sessions) on a 127.0.0.1 port. It requires an API key in a given header, lists configurable tools a
// page at a time, and records every HTTP request so tests can see exactly what Portico sent upstream.
// Tools are defined with raw JSON Schemas (as remote servers publish them), so the list and call
// handlers are set on the SDK server directly instead of through registerTool's zod shapes.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  isInitializeRequest,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";

export interface FakeTool extends Omit<Tool, "inputSchema"> {
  inputSchema?: Tool["inputSchema"];
  /** Answers a call; a thrown McpError becomes a JSON-RPC error. Defaults to echoing the arguments. */
  handle?: (args: Record<string, unknown>, signal: AbortSignal) => CallToolResult | Promise<CallToolResult>;
}

export interface RecordedMcpRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The JSON-RPC method of a POST ("initialize", "tools/list", …). */
  rpc?: string;
  params?: Record<string, unknown>;
}

export interface RemoteMcpFakeOptions {
  tools: FakeTool[];
  /**
   * The header that must carry the key (lower case) and its exact expected value, or a test of the
   * value (OAuth access tokens that change with each refresh).
   */
  auth: { header: string; value: string | ((value: string | undefined) => boolean) };
  pageSize?: number;
  /**
   * An OAuth protected resource (RFC 9728): its metadata at the path-aware well-known URI, and with
   * `challenge` a 401 naming it in WWW-Authenticate's resource_metadata (MCP authorization spec).
   */
  protectedResource?: ProtectedResourceOptions;
}

export interface ProtectedResourceOptions {
  authorizationServers: string[];
  scopes?: string[];
  /** The resource the metadata claims to describe; the server's own URL unless set (wrong-resource tests). */
  resource?: string;
  challenge?: boolean;
  /** Overrides the resource_metadata URL in the challenge (unsafe-address tests). */
  metadataUrl?: string;
}

export interface RemoteMcpFake {
  url: string;
  requests: RecordedMcpRequest[];
  tools: FakeTool[];
  auth: RemoteMcpFakeOptions["auth"];
  protectedResource?: ProtectedResourceOptions;
  /** How long the server takes to answer initialize (a slow or stuck server). */
  initializeDelayMs: number;
  /** JSON-RPC requests of one method, in order. */
  calls(rpc: string): RecordedMcpRequest[];
  /** Forgets every session, as a restarted server would: their next request gets 404. */
  expireSessions(): void;
  close(): Promise<void>;
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

function buildServer(fake: RemoteMcpFake, pageSize: number): McpServer {
  const mcp = new McpServer({ name: "fake-remote-mcp", version: "1.0.0" }, { capabilities: { tools: {} } });
  mcp.server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const page = fake.tools.slice(start, start + pageSize);
    const next = start + pageSize < fake.tools.length ? String(start + pageSize) : undefined;
    return {
      tools: page.map(({ handle: _handle, ...tool }) => ({
        ...tool,
        inputSchema: tool.inputSchema ?? { type: "object" as const },
      })),
      ...(next ? { nextCursor: next } : {}),
    };
  });
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = fake.tools.find((t) => t.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    const args = request.params.arguments ?? {};
    if (tool.handle) return tool.handle(args, extra.signal);
    return { content: [{ type: "text", text: JSON.stringify(args) }] };
  });
  return mcp;
}

/** A search tool that answers "Results for <query>", for tests about reaching a server, not its tools. */
export const searchTool: FakeTool = {
  name: "web_search_exa",
  description: "Search the web.",
  inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
  handle: (args) => ({ content: [{ type: "text", text: `Results for ${String(args.query)}` }] }),
};

export async function startRemoteMcpFake(options: RemoteMcpFakeOptions): Promise<RemoteMcpFake> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const requests: RecordedMcpRequest[] = [];
  let fake!: RemoteMcpFake;
  const server: Server = createServer(async (incoming, response) => {
    let body = "";
    for await (const chunk of incoming) body += String(chunk);
    const parsed: unknown = body ? JSON.parse(body) : undefined;
    const message = parsed as { method?: string; params?: Record<string, unknown> } | undefined;
    requests.push({
      method: incoming.method ?? "GET",
      url: incoming.url ?? "",
      headers: incoming.headers,
      body,
      rpc: message?.method,
      params: message?.params,
    });
    const reply = (status: number, payload: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(payload));
    };
    const resource = fake.protectedResource;
    const wellKnown = "/.well-known/oauth-protected-resource/mcp";
    if (resource && incoming.method === "GET" && incoming.url === wellKnown) {
      return reply(200, {
        resource: resource.resource ?? fake.url,
        authorization_servers: resource.authorizationServers,
        ...(resource.scopes ? { scopes_supported: resource.scopes } : {}),
        bearer_methods_supported: ["header"],
      });
    }
    const presented = incoming.headers[fake.auth.header];
    const expected = fake.auth.value;
    const accepted =
      typeof expected === "function"
        ? expected(typeof presented === "string" ? presented : undefined)
        : presented === expected;
    if (!accepted) {
      if (resource?.challenge) {
        const metadata = resource.metadataUrl ?? new URL(wellKnown, fake.url).toString();
        response.setHeader("www-authenticate", `Bearer resource_metadata="${metadata}"`);
      }
      return reply(401, { error: "unauthorized" });
    }
    const sessionId = incoming.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const transport = sessions.get(sessionId);
      if (!transport) {
        return reply(404, {
          jsonrpc: "2.0",
          error: { code: -32001, message: "Session not found" },
          id: null,
        });
      }
      return transport.handleRequest(incoming, response, parsed);
    }
    if (!isInitializeRequest(parsed)) {
      return reply(400, { jsonrpc: "2.0", error: { code: -32000, message: "No session" }, id: null });
    }
    await sleep(fake.initializeDelayMs);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
    });
    await buildServer(fake, options.pageSize ?? 100).connect(transport);
    await transport.handleRequest(incoming, response, parsed);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("fake server has no port");
  fake = {
    url: `http://127.0.0.1:${address.port}/mcp`,
    requests,
    tools: options.tools,
    auth: options.auth,
    ...(options.protectedResource ? { protectedResource: options.protectedResource } : {}),
    initializeDelayMs: 0,
    calls: (rpc) => requests.filter((request) => request.rpc === rpc),
    expireSessions: () => {
      for (const transport of sessions.values()) void transport.close();
      sessions.clear();
    },
    close: async () => {
      fake.expireSessions();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
