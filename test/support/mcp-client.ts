// An official SDK MCP client wired straight into the in-process gateway (no socket): the requests it
// sends are exactly what a real client sends to /mcp.
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { App } from "~/server/app-services.ts";
import { handleMcpRequest } from "~/server/gateway/transport/handle-mcp.ts";

/** fetch() that answers /mcp through the gateway in this process, as the production server would. */
export function inProcessFetch(app: App): typeof fetch {
  return async (input, init) => handleMcpRequest(app, new Request(input, init));
}

export async function connectMcpClient(app: App, token: string): Promise<Client> {
  const client = new Client({ name: "portico-test-client", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${app.config.baseUrl}/mcp`), {
    fetch: inProcessFetch(app),
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** A raw JSON-RPC POST to /mcp with the headers a Streamable HTTP client sends. */
export function mcpPost(app: App, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return handleMcpRequest(
    app,
    new Request(`${app.config.baseUrl}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        host: new URL(app.config.baseUrl).host,
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

export interface ModernClientOptions {
  /** Every JSON answer body the client receives (to read wire fields the SDK does not return). */
  onAnswer?: (body: unknown) => void;
  /** The person shown a URL-mode input request; the client then accepts it. */
  onElicitUrl?: (url: string) => Promise<void>;
  /** The person shown a form-mode input request: the content they submit, or undefined to decline. */
  onElicitForm?: (message: string) => Promise<Record<string, string | boolean> | undefined>;
  /** Extensions the client declares in every request's capabilities (e.g. MCP Tasks). */
  extensions?: Record<string, Record<string, never>>;
}

/**
 * A v2 SDK client (@modelcontextprotocol/client) pinned to MCP 2026-07-28: it connects with
 * server/discover instead of initialize and sends the per-request envelope, through the in-process
 * gateway. It declares URL- and form-mode elicitation, answered through `onElicitUrl` and `onElicitForm`.
 */
export async function connectModernMcpClient(
  app: App,
  token: string,
  options: ModernClientOptions = {},
): Promise<ModernClient> {
  const client = new ModernClient(
    { name: "portico-test-client-2026", version: "1.0.0" },
    {
      versionNegotiation: { mode: { pin: "2026-07-28" } },
      capabilities: {
        elicitation: { url: {}, form: {} },
        ...(options.extensions ? { extensions: options.extensions } : {}),
      },
    },
  );
  client.setRequestHandler("elicitation/create", async (request) => {
    if (request.params.mode === "url") {
      await options.onElicitUrl?.(request.params.url);
      return { action: "accept" };
    }
    const content = await options.onElicitForm?.(request.params.message);
    return content ? { action: "accept", content } : { action: "decline" };
  });
  const answer = inProcessFetch(app);
  const transport = new ModernHttpTransport(new URL(`${app.config.baseUrl}/mcp`), {
    fetch: async (input, init) => {
      const response = await answer(input, init);
      if (options.onAnswer && response.headers.get("content-type")?.includes("application/json")) {
        options.onAnswer(await response.clone().json());
      }
      return response;
    },
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}
