// POST /mcp answered from node:http (handle-mcp-node.ts), wired as scripts/serve.ts wires it: the node
// path first, srvx's Web adapter behind it. Every answer is compared with the Web path's answer to the
// same request (a chunked body, which the node path always leaves to the Web path), and the test checks
// which requests were handed on before their body was read.
import { once } from "node:events";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { toNodeHandler } from "srvx/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toolCall } from "~/server/db/schema/index.ts";
import { handleMcpRequest, MAX_REQUEST_BYTES } from "~/server/gateway/transport/handle-mcp.ts";
import { handleMcpNodeRequest, type NodeHandler } from "~/server/gateway/transport/handle-mcp-node.ts";
import { TEST_BASE_URL } from "../support/app.ts";
import { worldForFile } from "./world.ts";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const { app, world } = await worldForFile({ ALLOW_PRIVATE_URLS: "true" });
let secret: string;
let server: http.Server;
let upstream: http.Server;
/** URLs of the requests the node path handed to the Web path without reading their body. */
const handedOn: string[] = [];
/** Requests the never-answering page server has received, and those whose connection then closed. */
const upstreamSeen: string[] = [];
const upstreamClosed: string[] = [];

beforeAll(async () => {
  secret = (await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "node" })).secret;
  // srvx types its handler for HTTP/2 requests too; this server is HTTP/1.1 like Portico's.
  const webPath = toNodeHandler((request: Request) => handleMcpRequest(app, request)) as NodeHandler;
  const next = (req: IncomingMessage, res: ServerResponse) => {
    handedOn.push(req.url ?? "");
    webPath(req, res);
  };
  server = http.createServer((req, res) => void handleMcpNodeRequest(app, req, res, next));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  // A page that never answers, to see the tool run cancelled when the MCP client goes away.
  upstream = http.createServer((req, res) => {
    upstreamSeen.push(req.url ?? "");
    res.once("close", () => upstreamClosed.push(req.url ?? ""));
  });
  upstream.listen(0, "127.0.0.1");
  await once(upstream, "listening");
});
afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  upstream?.closeAllConnections();
  upstream?.close();
});
beforeEach(() => {
  handedOn.length = 0;
});

const portOf = (listening: http.Server) => (listening.address() as AddressInfo).port;

/** Opens a POST to /mcp with the headers a Streamable HTTP client sends; `headers` add or override. */
function openMcpRequest(headers: Record<string, string>): http.ClientRequest {
  return http.request({
    host: "127.0.0.1",
    port: portOf(server),
    path: "/mcp",
    method: "POST",
    headers: {
      host: new URL(TEST_BASE_URL).host,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${secret}`,
      ...headers,
    },
  });
}

/** POSTs to /mcp as a Streamable HTTP client does; `chunked` sends the body without Content-Length. */
function post(
  body: unknown,
  { headers = {}, chunked = false }: { headers?: Record<string, string>; chunked?: boolean } = {},
): Promise<Answer> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = openMcpRequest({
      ...(chunked ? {} : { "content-length": String(Buffer.byteLength(text)) }),
      ...headers,
    });
    request.once("response", (response: http.IncomingMessage) => {
      let received = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        received += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: received }),
      );
    });
    request.on("error", reject);
    if (chunked) request.write(text);
    request.end(chunked ? undefined : text);
  });
}

/** The same request through the node path and through the Web path. */
async function bothPaths(body: unknown, headers: Record<string, string> = {}) {
  const node = await post(body, { headers });
  const web = await post(body, { headers, chunked: true });
  return { node, web };
}

const call = (name: string, args: Record<string, unknown>, id: number | string = 1) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

describe("what the node path answers itself", () => {
  it("a plain tools/call: the Web path's bytes, with its length", async () => {
    const { node, web } = await bothPaths(call("calculate", { expression: "2 * (3 + 4)" }, "c-1"));
    expect(handedOn).toEqual(["/mcp"]); // only the chunked one
    expect(node.status).toBe(200);
    expect(node.headers["content-type"]).toBe("application/json");
    expect(node.headers["content-length"]).toBe(String(Buffer.byteLength(node.body)));
    expect(node.body).toBe(web.body);
    expect(JSON.parse(node.body)).toMatchObject({ id: "c-1", result: { structuredContent: { result: 14 } } });
  });

  it("a plain tools/list", async () => {
    const { node, web } = await bothPaths({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(handedOn).toEqual(["/mcp"]);
    expect(node.status).toBe(200);
    expect(node.body).toBe(web.body);
    const names = (JSON.parse(node.body) as { result: { tools: { name: string }[] } }).result.tools.map(
      (tool) => tool.name,
    );
    expect(names).toContain("fetch_web_page");
  });

  it("with tool discovery on: its tools/list, and call_tool run as the tool it names", async () => {
    const setDiscovery = (toolDiscovery: "all" | "search") =>
      world.ownerA.caller.project.setToolDiscovery({ projectId: world.projectA.id, toolDiscovery });
    await setDiscovery("search");
    try {
      const listed = await bothPaths({ jsonrpc: "2.0", id: 3, method: "tools/list" });
      expect(listed.node.body).toBe(listed.web.body);
      const names = (JSON.parse(listed.node.body) as { result: { tools: { name: string }[] } }).result.tools;
      expect(names.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
      const called = await bothPaths(
        call("call_tool", { name: "calculate", arguments: { expression: "2^10" } }),
      );
      expect(called.node.body).toBe(called.web.body);
      expect(JSON.parse(called.node.body)).toMatchObject({ result: { structuredContent: { result: 1024 } } });
      expect(handedOn).toEqual(["/mcp", "/mcp"]); // only the chunked ones
    } finally {
      await setDiscovery("all");
    }
  });

  it("logs and counts the calls it answers, as the caller's key", async () => {
    const count = async () =>
      (
        await app.db
          .select()
          .from(toolCall)
          .where(and(eq(toolCall.projectId, world.projectA.id), eq(toolCall.toolName, "get_current_time")))
      ).length;
    await app.gateway.recorder.flush();
    const before = await count();
    const answer = await post(call("get_current_time", {}));
    expect(answer.status).toBe(200);
    expect(handedOn).toEqual([]);
    await app.gateway.recorder.flush();
    expect(await count()).toBe(before + 1);
  });

  it("cancels the tool run when the client goes away", async () => {
    const pageUrl = `http://127.0.0.1:${portOf(upstream)}/never-answers`;
    const body = JSON.stringify(call("fetch_web_page", { url: pageUrl }));
    const request = openMcpRequest({ "content-length": String(Buffer.byteLength(body)) });
    request.on("error", () => undefined);
    request.end(body);
    await expect.poll(() => upstreamSeen).toEqual(["/never-answers"]); // the tool waits for the page
    expect(upstreamClosed).toEqual([]);
    request.destroy();
    await expect.poll(() => upstreamClosed, { timeout: 5000 }).toEqual(["/never-answers"]);
  });
});

describe("a client that goes away while sending its body", () => {
  it("is dropped without an error report, and the next request is answered", async () => {
    const errors = vi.spyOn(console, "error");
    try {
      const request = openMcpRequest({ "content-length": "200" });
      request.on("error", () => undefined);
      request.write('{"jsonrpc":"2.0",');
      await new Promise((resolve) => setTimeout(resolve, 100));
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    expect((await post(call("calculate", { expression: "1 + 2" }))).status).toBe(200);
  });
});

describe("what it leaves to the Web path once the body is read", () => {
  it.each([
    [
      "initialize",
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-11-25",
          capabilities: {},
          clientInfo: { name: "raw", version: "1" },
        },
      },
      200,
    ],
    ["a call of an unknown tool", call("no_such_tool", {}), 200],
    ["a batch", [{ jsonrpc: "2.0", id: 1, method: "tools/list" }], 200],
    ["a notification", { jsonrpc: "2.0", method: "notifications/initialized" }, 202],
    ["malformed JSON", '{"jsonrpc": "2.0", "id": 1,', 400],
  ])("%s: the Web path's answer", async (_label, body, status) => {
    const { node, web } = await bothPaths(body);
    expect(handedOn).toEqual(["/mcp"]); // only the chunked one
    expect(node.status).toBe(status);
    expect(node.status).toBe(web.status);
    expect(node.body).toBe(web.body);
  });

  it("a call asking for progress: answered as a stream", async () => {
    const withProgress = {
      ...call("calculate", { expression: "6 * 7" }),
      params: { name: "calculate", arguments: { expression: "6 * 7" }, _meta: { progressToken: "p" } },
    };
    const answer = await post(withProgress);
    expect(handedOn).toEqual([]);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/event-stream");
    expect(answer.body).toContain('"result":42');
  });
});

describe("token refusals, answered here with the Web path's answer", () => {
  it.each([
    ["no token", { authorization: "" }],
    ["an unknown key", { authorization: "Bearer pk_not-a-real-key" }],
  ])("%s", async (_label, headers) => {
    // Answered after reading the body, so the connection stays usable; handed on, every junk token was
    // resolved (and counted against its address) twice.
    const { node, web } = await bothPaths(call("calculate", { expression: "1 + 1" }), headers);
    expect(handedOn).toEqual(["/mcp"]); // only the chunked one
    expect(node.status).toBe(401);
    expect(node.headers["www-authenticate"]).toBe(web.headers["www-authenticate"]);
    expect(node.body).toBe(web.body);
  });
});

describe("what it hands on before reading the body", () => {
  it.each([
    ["a foreign Host", { host: "evil.example" }, 403],
    ["a foreign Origin", { origin: "https://evil.example" }, 403],
    ["an Accept without event streams", { accept: "application/json" }, 406],
  ])("%s", async (_label, headers, status) => {
    const answer = await post(call("calculate", { expression: "1 + 1" }), { headers });
    expect(answer.status).toBe(status);
    expect(handedOn).toEqual(["/mcp"]);
  });

  it("a client that prefers a stream", async () => {
    const answer = await post(call("calculate", { expression: "1 + 1" }), {
      headers: { accept: "text/event-stream, application/json" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/event-stream");
    expect(handedOn).toEqual(["/mcp"]);
  });

  it("a body over the size cap", async () => {
    const oversized = JSON.stringify({
      ...call("calculate", { expression: "1" }),
      pad: "x".repeat(MAX_REQUEST_BYTES),
    });
    const answer = await post(oversized);
    expect(answer.status).toBe(413);
    expect(handedOn).toEqual(["/mcp"]);
  });
});
