import { describe, expect, it } from "vitest";
import type { ProjectTools } from "../catalogue/project-tools.ts";
import type { GatewayTool } from "../catalogue/tool-types.ts";
import type { ToolCaller } from "./direct-answers.ts";
import { answerToolsCall, answerToolsList } from "./direct-answers.ts";

const noTools = { tools: [], discovery: "all", exposed: [], governance: null } as const;
const tools: ProjectTools = {
  ...noTools,
  byName: new Map(),
  listed: [],
  listedJson: Buffer.from('[{"name":"x"}]'),
};
const request = (headers: Record<string, string> = {}) =>
  new Request("http://localhost/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
  });

describe("answerToolsList", () => {
  it("answers a plain tools/list from the cached JSON", async () => {
    const response = answerToolsList(request(), { jsonrpc: "2.0", id: 7, method: "tools/list" }, tools);
    expect(await response?.text()).toBe('{"result":{"tools":[{"name":"x"}]},"jsonrpc":"2.0","id":7}');
  });

  it("sends a large list from the cache without copying it, with its exact length", async () => {
    const many = Array.from({ length: 2000 }, (_, index) => ({ name: `tool_${index}`, description: "d" }));
    const listedJson = Buffer.from(JSON.stringify(many));
    expect(listedJson.byteLength).toBeGreaterThan(64 * 1024);
    const large: ProjectTools = { ...noTools, byName: new Map(), listed: [], listedJson };
    const message = { jsonrpc: "2.0", id: "req-1", method: "tools/list" };
    const response = answerToolsList(request(), message, large);
    if (!response?.body) throw new Error("expected an answer with a body");
    const chunks: Uint8Array[] = [];
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    expect(chunks).toContain(listedJson); // the cached bytes themselves, not a copy
    const text = Buffer.concat(chunks).toString();
    expect(JSON.parse(text)).toEqual({ result: { tools: many }, jsonrpc: "2.0", id: "req-1" });
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
  });

  it.each([
    ["a cursor", { jsonrpc: "2.0", id: 1, method: "tools/list", params: { cursor: "c" } }, {}],
    ["another method", { jsonrpc: "2.0", id: 1, method: "tools/call", params: {} }, {}],
    ["a notification", { jsonrpc: "2.0", method: "tools/list" }, {}],
    ["a batch", [{ jsonrpc: "2.0", id: 1, method: "tools/list" }], {}],
    ["a fractional id", { jsonrpc: "2.0", id: 1.5, method: "tools/list" }, {}],
    [
      "an unsupported version",
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { "mcp-protocol-version": "1999-01-01" },
    ],
    ["a JSON-only Accept", { jsonrpc: "2.0", id: 1, method: "tools/list" }, { accept: "application/json" }],
  ])("leaves %s to the SDK", (_label, message, headers) => {
    expect(answerToolsList(request(headers), message, tools)).toBeNull();
  });
});

describe("answerToolsCall", () => {
  const echo: GatewayTool = {
    name: "echo",
    title: "Echo",
    description: "Echoes its arguments",
    inputSchema: { type: "object" },
    annotations: {},
    serverId: null,
    serverName: "standard",
    run: async (args) => ({ content: [{ type: "text", text: JSON.stringify(args) }] }),
  };
  const callTools: ProjectTools = {
    ...noTools,
    byName: new Map([["echo", echo]]),
    listed: [],
    listedJson: Buffer.from("[]"),
  };
  const recorded: string[] = [];
  const options: ToolCaller = async (tool, args) => {
    recorded.push(tool.name);
    return { ok: true, result: await tool.run(args, {} as never) };
  };
  const call = (params: unknown, extra: Record<string, unknown> = {}) => ({
    jsonrpc: "2.0",
    id: "x",
    method: "tools/call",
    params,
    ...extra,
  });

  it("runs a known tool and answers in the SDK's envelope", async () => {
    const response = await answerToolsCall(
      request(),
      call({ name: "echo", arguments: { a: 1 } }),
      callTools,
      options,
    );
    expect(await response?.text()).toBe(
      '{"result":{"content":[{"type":"text","text":"{\\"a\\":1}"}]},"jsonrpc":"2.0","id":"x"}',
    );
    expect(recorded).toContain("echo");
  });

  it("answers a refused call with the JSON-RPC error the SDK path sends", async () => {
    const refuse: ToolCaller = async () => ({
      ok: false,
      refusal: {
        code: "PAYMENT_REQUIRED",
        limit: "monthlyRequests",
        message: "Used up. Upgrade at http://x/billing",
        upgradeUrl: "http://x/billing",
      },
    });
    const response = await answerToolsCall(
      request(),
      call({ name: "echo", arguments: {} }),
      callTools,
      refuse,
    );
    expect(await response?.json()).toEqual({
      jsonrpc: "2.0",
      id: "x",
      error: {
        code: -32000,
        message: "Used up. Upgrade at http://x/billing",
        data: { code: "PAYMENT_REQUIRED", limit: "monthlyRequests", upgradeUrl: "http://x/billing" },
      },
    });
  });

  it.each([
    ["an unknown tool", call({ name: "nope", arguments: {} }), {}],
    ["array arguments", call({ name: "echo", arguments: [1] }), {}],
    ["a task-augmented call", call({ name: "echo", arguments: {}, task: { ttl: 1000 } }), {}],
    ["a name that is not a string", call({ name: 7 }), {}],
    ["a notification", { jsonrpc: "2.0", method: "tools/call", params: { name: "echo" } }, {}],
    ["an unsupported version", call({ name: "echo" }), { "mcp-protocol-version": "1999-01-01" }],
    ["a JSON-only Accept", call({ name: "echo" }), { accept: "application/json" }],
  ])("leaves %s to the SDK", async (_label, message, headers) => {
    expect(await answerToolsCall(request(headers), message, callTools, options)).toBeNull();
  });
});
