// An official SDK MCP client wired straight into the in-process gateway (no socket): the requests it
// sends are exactly what a real client sends to /mcp.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { App } from "~/server/app.ts";
import { handleMcpRequest } from "~/server/gateway/handle-mcp.ts";

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
