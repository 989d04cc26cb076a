// Progressive tool discovery end to end: a project switched to "search" lists only search_tools and
// call_tool on /mcp (official SDK client, the JSON fast path and the SDK's stream path; the node:http
// path is in gateway-mcp-node.test.ts) and in the REST facade; call_tool runs the named tool as a
// direct call would, logged as that tool; who may switch it is the project permission table's business.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolCall } from "~/server/db/schema/index.ts";
import { handleRestRequest } from "~/server/gateway/rest/handle-rest.ts";
import { connectMcpClient, mcpPost } from "../support/mcp-client.ts";
import { outcome, worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
let secret: string;
let client: Client;

const STANDARD = ["calculate", "convert_time", "date_calculate", "fetch_web_page", "get_current_time"];
const textOf = (result: object) => (result as { content: Array<{ text: string }> }).content[0]?.text;
const setDiscovery = (toolDiscovery: "all" | "search") =>
  world.ownerA.caller.project.setToolDiscovery({ projectId: world.projectA.id, toolDiscovery });

beforeAll(async () => {
  secret = (await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" })).secret;
  client = await connectMcpClient(app, secret);
});
afterAll(async () => {
  await client?.close();
});

describe("the project setting", () => {
  it("is off by default: every tool is listed", async () => {
    expect((await world.ownerA.caller.project.getById({ projectId: world.projectA.id })).toolDiscovery).toBe(
      "all",
    );
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(STANDARD);
  });

  it("is changed by editors and admins only", async () => {
    await world.ownerA.caller.projectPermissions.setProjectMemberRole({
      projectId: world.projectA.id,
      userId: world.memberA.id,
      role: "viewer",
    });
    const asViewer = world.memberA.caller.project.setToolDiscovery({
      projectId: world.projectA.id,
      toolDiscovery: "search",
    });
    expect(await outcome(asViewer)).toBe("FORBIDDEN");
    const asStranger = world.ownerB.caller.project.setToolDiscovery({
      projectId: world.projectA.id,
      toolDiscovery: "search",
    });
    expect(await outcome(asStranger)).toBe("NOT_FOUND");
    const bad = world.ownerA.caller.project.setToolDiscovery({
      projectId: world.projectA.id,
      toolDiscovery: "some" as "all",
    });
    expect(await outcome(bad)).toBe("BAD_REQUEST");
    expect((await client.listTools()).tools).toHaveLength(STANDARD.length);
  });
});

describe("with discovery on, over /mcp", () => {
  beforeAll(() => setDiscovery("search"));
  afterAll(() => setDiscovery("all"));

  it("lists only search_tools and call_tool, at once, and says so to a new client", async () => {
    const fresh = await connectMcpClient(app, secret);
    expect(fresh.getInstructions()).toMatch(/find the ones a task needs with search_tools/);
    await fresh.close();
    expect(client.getInstructions()).not.toMatch(/search_tools/);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
    expect(tools[0]?.inputSchema.required).toEqual(["query"]);
    expect(tools[1]?.inputSchema.required).toEqual(["name"]);
  });

  it("lists a project's pinned tools beside the two, in the order pinned, and only tools it has", async () => {
    const pin = (pinnedTools: string[]) =>
      world.ownerA.caller.project.setPinnedTools({ projectId: world.projectA.id, pinnedTools });
    await pin(["get_current_time", "send_fax", "calculate", "get_current_time"]);
    expect((await world.ownerA.caller.project.getById({ projectId: world.projectA.id })).pinnedTools).toEqual(
      ["get_current_time", "send_fax", "calculate"],
    );
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      "search_tools",
      "call_tool",
      "get_current_time",
      "calculate",
    ]);
    // A pinned tool is called directly, as any listed tool.
    const now = await client.callTool({ name: "get_current_time", arguments: {} });
    expect(now.isError).toBeFalsy();
    expect(await outcome(pin(["Not A Tool"]))).toBe("BAD_REQUEST");
    expect(
      await outcome(
        world.memberA.caller.project.setPinnedTools({ projectId: world.projectA.id, pinnedTools: [] }),
      ),
    ).toBe("FORBIDDEN");
    await pin([]);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["search_tools", "call_tool"]);
  });

  it("search_tools finds the tool for a task, with what is needed to call it", async () => {
    const result = await client.callTool({
      name: "search_tools",
      arguments: { query: "what time is it in Prague when it is 3 pm in New York", limit: 2 },
    });
    expect(result.isError).toBeFalsy();
    const { tools } = result.structuredContent as {
      tools: Array<{ name: string; description: string; inputSchema: { required?: string[] } }>;
    };
    expect(tools).toHaveLength(2);
    expect(tools[0]?.name).toBe("convert_time");
    expect(tools[0]?.inputSchema.required).toContain("toTimezone");
    expect(JSON.parse(textOf(result) ?? "")).toEqual(result.structuredContent);
  });

  it("call_tool runs the named tool like a direct call, logged as that tool", async () => {
    await app.gateway.recorder.flush();
    const before = await app.db
      .select()
      .from(toolCall)
      .where(and(eq(toolCall.projectId, world.projectA.id), eq(toolCall.toolName, "calculate")));
    const result = await client.callTool({
      name: "call_tool",
      arguments: { name: "calculate", arguments: { expression: "round(1250 * 1.21 / 12, 2)" } },
    });
    expect(result.structuredContent).toEqual({ expression: "round(1250 * 1.21 / 12, 2)", result: 126.04 });
    await app.gateway.recorder.flush();
    const after = await app.db
      .select()
      .from(toolCall)
      .where(and(eq(toolCall.projectId, world.projectA.id), eq(toolCall.toolName, "calculate")));
    expect(after.length - before.length).toBe(1);
    expect(after.find((row) => !before.some((old) => old.id === row.id))).toMatchObject({
      channel: "mcp",
      serverName: "standard",
      status: "success",
      callerName: "Agent",
    });
    const named = await app.db.select().from(toolCall).where(eq(toolCall.toolName, "call_tool"));
    expect(named).toEqual([]);
  });

  it("passes the tool's own errors through and explains an unknown name or bad arguments", async () => {
    const failed = await client.callTool({
      name: "call_tool",
      arguments: { name: "calculate", arguments: { expression: "1/0" } },
    });
    expect(failed.isError).toBe(true);
    expect(textOf(failed)).toBe("Division by zero.");
    const unknown = await client.callTool({ name: "call_tool", arguments: { name: "send_fax" } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toBe(
      'This project has no tool named "send_fax" (or it is switched off). Call search_tools to find the exact name.',
    );
    const nameless = await client.callTool({ name: "call_tool", arguments: { arguments: {} } });
    expect(nameless.isError).toBe(true);
    expect(textOf(nameless)).toMatch(/^Invalid arguments: name: /);
    const empty = await client.callTool({ name: "search_tools", arguments: { query: " " } });
    expect(textOf(empty)).toMatch(/^Invalid arguments: query: /);
  });

  it("a tool switched off is neither found nor run, and the search is re-indexed", async () => {
    const search = { name: "search_tools", arguments: { query: "read a web page", limit: 20 } };
    const names = async () =>
      ((await client.callTool(search)).structuredContent as { tools: Array<{ name: string }> }).tools.map(
        (tool) => tool.name,
      );
    expect(await names()).toContain("fetch_web_page");
    await world.ownerA.caller.standardTools.setEnabled({
      projectId: world.projectA.id,
      toolName: "fetch_web_page",
      enabled: false,
    });
    try {
      expect(await names()).not.toContain("fetch_web_page");
      const off = await client.callTool({
        name: "call_tool",
        arguments: { name: "fetch_web_page", arguments: { url: "https://example.com" } },
      });
      expect(textOf(off)).toMatch(
        /^This project has no tool named "fetch_web_page" \(or it is switched off\)/,
      );
    } finally {
      await world.ownerA.caller.standardTools.setEnabled({
        projectId: world.projectA.id,
        toolName: "fetch_web_page",
        enabled: true,
      });
    }
  });

  it("the SDK's stream path answers the same as the JSON fast path", async () => {
    const streamed = async (body: unknown) => {
      const response = await mcpPost(app, body, {
        authorization: `Bearer ${secret}`,
        accept: "text/event-stream, application/json",
      });
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const data = (await response.text()).split("\n").find((line) => line.startsWith("data: "));
      return JSON.parse(data?.slice("data: ".length) ?? "null");
    };
    const listed = await streamed({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(listed.result.tools.map((tool: { name: string }) => tool.name)).toEqual([
      "search_tools",
      "call_tool",
    ]);
    const called = await streamed({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "call_tool", arguments: { name: "calculate", arguments: { expression: "6*7" } } },
    });
    expect(called.result.structuredContent).toEqual({ expression: "6*7", result: 42 });
    const unknown = await streamed({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "call_tool", arguments: { name: "nope" } },
    });
    expect(unknown.result.isError).toBe(true);
  });
});

describe("with discovery on, over the REST facade", () => {
  beforeAll(() => setDiscovery("search"));
  afterAll(() => setDiscovery("all"));

  const rest = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${secret}`);
    const request = new Request(`${app.config.baseUrl}${path}`, { ...init, headers });
    return handleRestRequest(app, request, new URL(request.url).pathname);
  };
  const post = (name: string, body: unknown) =>
    rest(`/api/v1/tools/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("describes only search_tools and call_tool", async () => {
    const document = await (await rest("/api/v1/openapi.json")).json();
    expect(Object.keys(document.paths).sort()).toEqual(["/tools/call_tool", "/tools/search_tools"]);
  });

  it("runs search_tools and call_tool", async () => {
    const found = await (await post("search_tools", { query: "add business days to a date" })).json();
    expect(found.structuredContent.tools[0].name).toBe("date_calculate");
    const response = await post("call_tool", { name: "calculate", arguments: { expression: "100 * 1.5" } });
    expect(response.status).toBe(200);
    expect((await response.json()).structuredContent).toEqual({ expression: "100 * 1.5", result: 150 });
  });

  it("switching discovery off lists every tool again", async () => {
    await setDiscovery("all");
    const document = await (await rest("/api/v1/openapi.json")).json();
    expect(Object.keys(document.paths)).toHaveLength(STANDARD.length);
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(STANDARD);
    expect((await post("call_tool", { name: "calculate" })).status).toBe(404);
  });
});
