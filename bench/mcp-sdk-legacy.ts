// What serving 2025-era /mcp requests through the v2 SDK alone would cost (issue 44: "one SDK handler
// behind the fast path"). The requests the fast path does not answer (initialize, a tools/list or
// tools/call on a stream) each build a server and a transport; this measures that per-request cost in
// process, in interleaved rounds, three ways:
//   1.x      today's pair: the 1.x SDK's Server and WebStandardStreamableHTTPServerTransport;
//   v2 wired the v2 SDK's Server and its WebStandardStreamableHTTPServerTransport, wired by hand (what
//            Portico would keep so that its own elicitation relay can send on the stream);
//   v2 entry createMcpHandler({ legacy: "stateless" }), the v2 entry's own 2025 fallback.
// Run: node bench/mcp-sdk-legacy.ts (BENCH_ROUNDS, BENCH_REQUESTS per round and way).
import { Server as ServerV1 } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport as TransportV1 } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  createMcpHandler,
  Server as ServerV2,
  WebStandardStreamableHTTPServerTransport as TransportV2,
} from "@modelcontextprotocol/server";
import { bootstrapMedianCi, median } from "./support/bootstrap.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const INFO = { name: "portico-bench", version: "1.0.0" };
const REVISION = "2025-11-25";

const tools = Array.from({ length: 20 }, (_, index) => ({
  name: `tool_${index}`,
  description: `Synthetic tool ${index}`,
  inputSchema: { type: "object" as const, properties: { text: { type: "string" } }, required: ["text"] },
}));
const answer = (name: string) => ({ content: [{ type: "text" as const, text: `called ${name}` }] });

function serverV1(): ServerV1 {
  const server = new ServerV1(INFO, { capabilities: { tools: { listChanged: false } } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => answer(request.params.name));
  return server;
}

function serverV2(): ServerV2 {
  const server = new ServerV2(INFO, { capabilities: { tools: { listChanged: false } } });
  server.setRequestHandler("tools/list", () => ({ tools }) as never);
  server.setRequestHandler("tools/call", (request) => answer(request.params.name) as never);
  return server;
}

type Way = (request: Request) => Promise<Response>;

const ways: Record<string, Way> = {
  "1.x": async (request) => {
    const transport = new TransportV1({ sessionIdGenerator: undefined, enableJsonResponse: false });
    await serverV1().connect(transport);
    return transport.handleRequest(request);
  },
  "v2 wired": async (request) => {
    const transport = new TransportV2({ sessionIdGenerator: undefined, enableJsonResponse: false });
    await serverV2().connect(transport);
    return transport.handleRequest(request);
  },
  "v2 entry": (() => {
    const handler = createMcpHandler(() => serverV2(), { legacy: "stateless" });
    return (request: Request) => handler.fetch(request);
  })(),
};

const bodies = {
  initialize: {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: REVISION, capabilities: {}, clientInfo: { name: "bench", version: "1" } },
  },
  "tools/list": { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
  "tools/call": {
    jsonrpc: "2.0",
    id: 3,
    method: "tools/call",
    params: { name: "tool_3", arguments: { text: "x" } },
  },
};

const requestOf = (body: unknown) =>
  new Request("http://localhost/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "text/event-stream, application/json",
      "mcp-protocol-version": REVISION,
    },
    body: JSON.stringify(body),
  });

/** CPU microseconds per request over `REQUESTS` requests, each read to its end. */
async function cpuPerRequest(way: Way, body: unknown): Promise<number> {
  const start = process.cpuUsage();
  for (let index = 0; index < REQUESTS; index++) {
    const response = await way(requestOf(body));
    const text = await response.text();
    if (response.status !== 200 || !text.includes('"result"')) {
      throw new Error(`unexpected answer ${response.status}: ${text.slice(0, 200)}`);
    }
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / REQUESTS;
}

const results = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  // Each round runs the ways in another order, so none always runs first.
  const names = Object.keys(ways);
  const order = names.map((_, index) => names[(index + round) % names.length] as string);
  for (const [method, body] of Object.entries(bodies)) {
    for (const name of order) {
      const figure = await cpuPerRequest(ways[name] as Way, body);
      if (round === 0) continue; // warm-up
      const key = `${method}\t${name}`;
      results.set(key, [...(results.get(key) ?? []), figure]);
    }
  }
}

console.log(`CPU µs per request, median of ${ROUNDS - 1} rounds of ${REQUESTS} (95 % CI); ratio to 1.x`);
for (const method of Object.keys(bodies)) {
  const base = median(results.get(`${method}\t1.x`) ?? []);
  for (const name of Object.keys(ways)) {
    const figures = results.get(`${method}\t${name}`) ?? [];
    const [low, high] = bootstrapMedianCi(figures);
    const value = median(figures);
    console.log(
      `${method.padEnd(11)} ${name.padEnd(9)} ${value.toFixed(0).padStart(5)} µs  (${low.toFixed(0)}–${high.toFixed(0)})  ×${(value / base).toFixed(2)}`,
    );
  }
}
