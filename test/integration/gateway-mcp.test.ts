// /mcp end to end in process: API key auth, tools/list and tools/call through the official SDK client,
// the refusals (no token, revoked key, cross-project key, wrong Host/Origin, oversized body), and that
// every call lands in the log and the organization's usage.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKey, organizationUsage, toolCall } from "~/server/db/schema/index.ts";
import { connectMcpClient, mcpPost } from "../support/mcp-client.ts";
import { worldForFile } from "./world.ts";

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};
const listTools = { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} };

const { app, world } = await worldForFile();
let keyA: { id: string; secret: string };
let keyB: { id: string; secret: string };
let client: Client;

beforeAll(async () => {
  keyA = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Claude" });
  keyB = await world.ownerB.caller.apiKeys.create({ projectId: world.projectB.id, name: "Other tenant" });
  client = await connectMcpClient(app, keyA.secret);
});
afterAll(async () => {
  await client?.close();
});

describe("tools over MCP with an API key", () => {
  it("initializes with the latest protocol and lists the standard tools", async () => {
    expect(client.getServerVersion()?.name).toBe("portico");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ["calculate", "convert_time", "date_calculate", "fetch_web_page", "get_current_time"].sort(),
    );
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-z0-9_]{1,64}$/);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.description?.length).toBeGreaterThan(40);
    }
  });

  it("runs a tool and returns text plus structured content", async () => {
    const result = await client.callTool({
      name: "calculate",
      arguments: { expression: "round(1250 * 1.21 / 12, 2)" },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ expression: "round(1250 * 1.21 / 12, 2)", result: 126.04 });
  });

  it("answers bad arguments with a readable tool error, not a protocol error", async () => {
    const result = await client.callTool({
      name: "convert_time",
      arguments: { time: "yesterday", toTimezone: "Mars/Base" },
    });
    expect(result.isError).toBe(true);
    const [content] = result.content as Array<{ type: string; text: string }>;
    expect(content?.text).toMatch(/^Unknown time zone "Mars\/Base"/);
  });

  it("refuses an unknown tool with a JSON-RPC error", async () => {
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(
      /Unknown tool: no_such_tool/,
    );
  });

  it("switching a standard tool off removes it from the project's endpoint at once", async () => {
    await world.ownerA.caller.standardTools.setEnabled({
      projectId: world.projectA.id,
      toolName: "fetch_web_page",
      enabled: false,
    });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain("fetch_web_page");
    await expect(
      client.callTool({ name: "fetch_web_page", arguments: { url: "https://example.com" } }),
    ).rejects.toThrow(/Unknown tool/);
    await world.ownerA.caller.standardTools.setEnabled({
      projectId: world.projectA.id,
      toolName: "fetch_web_page",
      enabled: true,
    });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("fetch_web_page");
  });

  it("logs every call and counts it in the organization's monthly usage", async () => {
    await app.gateway.recorder.flush();
    const before = await app.db
      .select()
      .from(organizationUsage)
      .where(eq(organizationUsage.organizationId, world.orgA.id));
    await client.callTool({ name: "get_current_time", arguments: { timezone: "Europe/Prague" } });
    await client.callTool({ name: "calculate", arguments: { expression: "1/0" } });
    await app.gateway.recorder.flush();
    const after = await app.db
      .select()
      .from(organizationUsage)
      .where(eq(organizationUsage.organizationId, world.orgA.id));
    expect((after[0]?.requests ?? 0) - (before[0]?.requests ?? 0)).toBe(2);
    const rows = await app.db.select().from(toolCall).where(eq(toolCall.projectId, world.projectA.id));
    const failed = rows.find((row) => row.toolName === "calculate" && row.status === "error");
    expect(failed).toMatchObject({
      channel: "mcp",
      serverName: "standard",
      apiKeyId: keyA.id,
      callerName: "Claude",
      userId: world.ownerA.id,
      errorMessage: "Division by zero.",
    });
    const [key] = await app.db.select().from(apiKey).where(eq(apiKey.id, keyA.id));
    expect(key?.lastUsedAt).toBeInstanceOf(Date);
    const stats = await world.ownerA.caller.project.getProjectStats({ projectId: world.projectA.id });
    expect(stats.calls.totals.requests).toBe(rows.length);
    expect(stats.calls.latestCalls[0]?.toolName).toBe("calculate");
    expect(stats.calls.daily.at(-1)?.requests).toBe(rows.length);
  });
});

describe("tools/list from the cached serialization", () => {
  it("answers exactly what the SDK answers", async () => {
    const auth = { authorization: `Bearer ${keyA.secret}`, "mcp-protocol-version": "2025-11-25" };
    const cached = await mcpPost(app, { jsonrpc: "2.0", id: "a-1", method: "tools/list", params: {} }, auth);
    // A batch of one and a request with a cursor are both answered by the SDK itself.
    const batched = await mcpPost(
      app,
      [{ jsonrpc: "2.0", id: "a-1", method: "tools/list", params: {} }],
      auth,
    );
    const withCursor = await mcpPost(
      app,
      { jsonrpc: "2.0", id: "a-1", method: "tools/list", params: { cursor: "x" } },
      auth,
    );
    expect(cached.status).toBe(200);
    expect(cached.headers.get("content-type")).toBe("application/json");
    const answer = await cached.json();
    expect(answer.result.tools.length).toBe(5);
    expect(answer).toEqual(await batched.json()); // the SDK answers a batch of one with a single object
    expect(answer).toEqual(await withCursor.json());
  });

  it("leaves bad protocol versions to the SDK's error", async () => {
    const response = await mcpPost(app, listTools, {
      authorization: `Bearer ${keyA.secret}`,
      "mcp-protocol-version": "1999-01-01",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/Unsupported protocol version/);
  });
});

describe("tools/call answered beside the SDK", () => {
  const auth = () => ({ authorization: `Bearer ${keyA.secret}`, "mcp-protocol-version": "2025-11-25" });
  const call = (id: string, name: string, args: unknown) => ({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name, arguments: args },
  });

  it.each([
    ["a result", call("c-1", "calculate", { expression: "(1250 * 1.21) / 12" })],
    ["a tool error", call("c-2", "calculate", { expression: "1/0" })],
    ["invalid arguments", call("c-3", "convert_time", { time: "not a time" })],
    ["an unknown tool", call("c-4", "no_such_tool", {})],
    ["arguments that are not an object", call("c-5", "calculate", ["1+1"])],
  ])("answers %s exactly as the SDK does", async (_label, message) => {
    const direct = await mcpPost(app, message, auth());
    // A batch of one always goes through the SDK, which answers it with a single object.
    const throughSdk = await mcpPost(app, [message], auth());
    expect(direct.status).toBe(throughSdk.status);
    expect(direct.headers.get("content-type")).toBe(throughSdk.headers.get("content-type"));
    expect(await direct.json()).toEqual(await throughSdk.json());
  });

  it("records the call like any other", async () => {
    await app.gateway.recorder.flush();
    const before = await app.db.select().from(toolCall).where(eq(toolCall.projectId, world.projectA.id));
    await mcpPost(app, call("c-6", "calculate", { expression: "2 + 2" }), auth());
    await app.gateway.recorder.flush();
    const after = await app.db.select().from(toolCall).where(eq(toolCall.projectId, world.projectA.id));
    expect(after.length - before.length).toBe(1);
  });
});

describe("refusals", () => {
  it("401 without a token, naming the protected resource metadata and the scope", async () => {
    const response = await mcpPost(app, initialize);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${app.config.baseUrl}/.well-known/oauth-protected-resource/mcp", scope="mcp offline_access"`,
    );
  });

  it("401 invalid_token for an unknown key", async () => {
    const response = await mcpPost(app, initialize, { authorization: `Bearer ptk_${"x".repeat(43)}` });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
  });

  it("a revoked key stops working on the next request", async () => {
    const key = await world.ownerA.caller.apiKeys.create({
      projectId: world.projectA.id,
      name: "short-lived",
    });
    const auth = { authorization: `Bearer ${key.secret}` };
    expect((await mcpPost(app, initialize, auth)).status).toBe(200);
    await world.ownerA.caller.apiKeys.revoke({ projectId: world.projectA.id, keyId: key.id });
    const response = await mcpPost(app, listTools, auth);
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain("calculate");
  });

  it("an expired key is refused", async () => {
    const key = await world.ownerA.caller.apiKeys.create({
      projectId: world.projectA.id,
      name: "expiring",
      expiresAt: new Date(Date.now() + 60_000),
    });
    await app.db
      .update(apiKey)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKey.id, key.id));
    await app.gateway.invalidateProject(world.projectA.id);
    expect((await mcpPost(app, initialize, { authorization: `Bearer ${key.secret}` })).status).toBe(401);
  });

  it("a key of project B only ever reaches project B's tools", async () => {
    await world.ownerA.caller.standardTools.setEnabled({
      projectId: world.projectA.id,
      toolName: "calculate",
      enabled: false,
    });
    await world.ownerB.caller.standardTools.setEnabled({
      projectId: world.projectB.id,
      toolName: "get_current_time",
      enabled: false,
    });
    const otherClient = await connectMcpClient(app, keyB.secret);
    const names = (await otherClient.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("calculate");
    expect(names).not.toContain("get_current_time");
    await otherClient.callTool({ name: "calculate", arguments: { expression: "2+2" } });
    await otherClient.close();
    await app.gateway.recorder.flush();
    const rowsOfB = await app.db.select().from(toolCall).where(eq(toolCall.apiKeyId, keyB.id));
    expect(
      rowsOfB.every((row) => row.projectId === world.projectB.id && row.organizationId === world.orgB.id),
    ).toBe(true);
    await world.ownerA.caller.standardTools.setEnabled({
      projectId: world.projectA.id,
      toolName: "calculate",
      enabled: true,
    });
  });

  it("a key stops working when its creator loses access to the project", async () => {
    const memberKeyOwner = world.adminA;
    const key = await memberKeyOwner.caller.apiKeys.create({
      projectId: world.projectA.id,
      name: "admin's key",
    });
    const auth = { authorization: `Bearer ${key.secret}` };
    expect((await mcpPost(app, initialize, auth)).status).toBe(200);
    const members = await world.ownerA.caller.organizationMember.getMembersByOrganizationId({
      organizationId: world.orgA.id,
    });
    const membership = members.find((member) => member.userId === memberKeyOwner.id);
    await world.ownerA.caller.organizationMember.changeRole({
      organizationId: world.orgA.id,
      memberId: membership?.id ?? "",
      role: "member",
    });
    expect((await mcpPost(app, initialize, auth)).status).toBe(401);
  });

  it("403 for a foreign Host or Origin (DNS rebinding)", async () => {
    const auth = { authorization: `Bearer ${keyA.secret}` };
    expect((await mcpPost(app, initialize, { ...auth, host: "evil.example.com" })).status).toBe(403);
    expect((await mcpPost(app, initialize, { ...auth, origin: "http://evil.example.com" })).status).toBe(403);
    expect((await mcpPost(app, initialize, { ...auth, origin: app.config.baseUrl })).status).toBe(200);
  });

  it("413 for an oversized body and 400 for malformed JSON", async () => {
    const auth = { authorization: `Bearer ${keyA.secret}` };
    const huge = { ...listTools, params: { padding: "x".repeat(1024 * 1024) } };
    expect((await mcpPost(app, huge, auth)).status).toBe(413);
    expect((await mcpPost(app, "{not json", auth)).status).toBe(400);
  });

  it("405 for GET: the endpoint is stateless", async () => {
    const response = await import("~/server/gateway/transport/handle-mcp.ts").then(({ handleMcpRequest }) =>
      handleMcpRequest(
        app,
        new Request(`${app.config.baseUrl}/mcp`, {
          headers: { accept: "text/event-stream", authorization: `Bearer ${keyA.secret}` },
        }),
      ),
    );
    expect(response.status).toBe(405);
  });
});
