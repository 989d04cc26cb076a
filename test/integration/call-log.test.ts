// The call log a person debugs with (callLog.*): agent calls over MCP and playground runs in one list,
// newest first, each filter narrowing it, keyset pages that neither skip nor repeat a call, one call in
// full (arguments, error text, who called), and viewers may read it while outsiders may not.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALL_LOG_PAGE_SIZE, STANDARD_SERVER_FILTER } from "~/lib/call-log-filters.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { connectMcpProvider, EXA_KEY, worldWithServerFakes } from "./servers-fixture.ts";
import { outcome } from "./world.ts";

const { app, world } = await worldWithServerFakes();
let client: Client;
let keyId = "";
let serverId = "";
let started: Date;

beforeAll(async () => {
  await connectMcpProvider(world.ownerA, world.orgA.id, "exa", EXA_KEY);
  serverId = (
    await world.ownerA.caller.projectServers.addServer({ projectId: world.projectA.id, integrationId: "exa" })
  ).id;
  const key = await world.ownerA.caller.apiKeys.create({
    projectId: world.projectA.id,
    name: "Support agent",
  });
  keyId = key.id;
  client = await connectMcpClient(app, key.secret);
  started = new Date();
  await client.callTool({ name: "calculate", arguments: { expression: "6 * 7" } });
  await client.callTool({ name: "calculate", arguments: { expression: "1 +" } });
  await world.ownerA.caller.projectServers.runTool({
    projectId: world.projectA.id,
    serverId,
    toolName: "web_search_exa",
    arguments: { query: "acme pricing" },
  });
});
afterAll(async () => {
  await client?.close();
});

const list = (filters: Parameters<typeof world.ownerA.caller.callLog.list>[0]["filters"], cursor?: string) =>
  world.ownerA.caller.callLog.list({ projectId: world.projectA.id, filters, cursor });

describe("the call log", () => {
  it("lists agent calls and playground runs newest first, the playground's marked", async () => {
    const { items, nextCursor } = await list({});
    expect(items.map((call) => [call.toolName, call.channel, call.status, call.callerName])).toEqual([
      ["exa_web_search_exa", "playground", "success", "Playground"],
      ["calculate", "mcp", "error", "Support agent"],
      ["calculate", "mcp", "success", "Support agent"],
    ]);
    expect(nextCursor).toBeNull();
  });

  it("narrows by status, tool, server, caller and time", async () => {
    const tools = async (filters: Parameters<typeof list>[0]) =>
      (await list(filters)).items.map((call) => `${call.toolName}:${call.status}`);
    expect(await tools({ status: "error" })).toEqual(["calculate:error"]);
    expect(await tools({ tool: "SEARCH" })).toEqual(["exa_web_search_exa:success"]);
    expect(await tools({ tool: "%" })).toEqual([]);
    expect(await tools({ server: STANDARD_SERVER_FILTER })).toEqual(["calculate:error", "calculate:success"]);
    expect(await tools({ server: serverId })).toEqual(["exa_web_search_exa:success"]);
    expect(await tools({ caller: "playground" })).toEqual(["exa_web_search_exa:success"]);
    expect(await tools({ caller: "agents", status: "error" })).toEqual(["calculate:error"]);
    expect(await tools({ caller: `key:${keyId}` })).toHaveLength(2);
    expect(await tools({ caller: "oauth:someone-else" })).toEqual([]);
    expect(await tools({ to: started.toISOString() })).toEqual([]);
    expect(await tools({ from: started.toISOString() })).toHaveLength(3);
    expect(await outcome(list({ caller: "everyone" }))).toBe("BAD_REQUEST");
    expect(await outcome(list({ from: "yesterday" }))).toBe("BAD_REQUEST");
  });

  it("names the person and the connection that served a call, and narrows to either", async () => {
    const [exa] = await world.ownerA.caller.integrations.connections.getOrganizationConnections({
      organizationId: world.orgA.id,
    });
    if (!exa) throw new Error("no Exa connection");
    const { items } = await list({});
    expect(
      items.map((call) => [call.toolName, call.personName, call.connectionId, call.connectionLabel]),
    ).toEqual([
      ["exa_web_search_exa", world.ownerA.credentials.name, exa.id, exa.displayName],
      ["calculate", world.ownerA.credentials.name, null, null],
      ["calculate", world.ownerA.credentials.name, null, null],
    ]);
    const tools = async (filters: Parameters<typeof list>[0]) =>
      (await list(filters)).items.map((call) => call.toolName);
    expect(await tools({ connection: exa.id })).toEqual(["exa_web_search_exa"]);
    expect(await tools({ person: world.ownerA.id })).toHaveLength(3);
    expect(await tools({ person: world.adminA.id })).toEqual([]);
    const options = await world.ownerA.caller.callLog.filterOptions({ projectId: world.projectA.id });
    expect(options.people.map((who) => who.value)).toEqual([world.ownerA.id]);
    expect(options.connections).toEqual([
      {
        value: exa.id,
        label: exa.displayName,
        currentName: exa.displayName,
        personal: false,
        name: exa.displayName,
      },
    ]);
    const [served] = items;
    if (!served) throw new Error("no call");
    const call = await world.ownerA.caller.callLog.get({
      projectId: world.projectA.id,
      callId: served.id,
      createdAt: served.createdAt,
    });
    expect(call.connection).toEqual({
      id: exa.id,
      label: exa.displayName,
      currentName: exa.displayName,
      personal: false,
    });
  });

  it("shows one call in full: arguments, error text, duration and who called", async () => {
    const [failed] = (await list({ status: "error" })).items;
    if (!failed) throw new Error("no failed call");
    const call = await world.ownerA.caller.callLog.get({
      projectId: world.projectA.id,
      callId: failed.id,
      createdAt: failed.createdAt,
    });
    expect(call).toMatchObject({
      toolName: "calculate",
      serverId: null,
      apiKeyId: keyId,
      apiKeyName: "Support agent",
      userEmail: world.ownerA.credentials.email,
      status: "error",
    });
    expect(JSON.parse(call.arguments ?? "")).toEqual({ expression: "1 +" });
    expect(call.errorMessage).toBeTruthy();
    expect(call.durationMs).toBeGreaterThanOrEqual(0);
    expect(
      await outcome(
        world.ownerA.caller.callLog.get({
          projectId: world.projectA.id,
          callId: "nope",
          createdAt: new Date(),
        }),
      ),
    ).toBe("NOT_FOUND");
  });

  it("pages by keyset without skipping or repeating a call", async () => {
    const total = CALL_LOG_PAGE_SIZE + 7;
    for (let index = 0; index < total - 3; index++) {
      await client.callTool({ name: "calculate", arguments: { expression: `${index} + 1` } });
    }
    const first = await list({});
    expect(first.items).toHaveLength(CALL_LOG_PAGE_SIZE);
    expect(first.nextCursor).toBeTruthy();
    const second = await list({}, first.nextCursor ?? undefined);
    expect(second.items).toHaveLength(total - CALL_LOG_PAGE_SIZE);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((call) => call.id);
    expect(new Set(ids).size).toBe(total);
    expect(await outcome(list({}, "not-a-cursor"))).toBe("BAD_REQUEST");
  });

  it("offers the project's servers and keys as filters; a viewer reads the log, an outsider cannot", async () => {
    const options = await world.ownerA.caller.callLog.filterOptions({ projectId: world.projectA.id });
    expect(options.servers.map((server) => server.name)).toEqual(["Standard tools", "Exa"]);
    expect(options.callers).toEqual([{ value: `key:${keyId}`, name: "API key: Support agent" }]);
    await world.ownerA.caller.projectPermissions.setProjectMemberRole({
      projectId: world.projectA.id,
      userId: world.memberA.id,
      role: "viewer",
    });
    expect(
      await outcome(world.memberA.caller.callLog.list({ projectId: world.projectA.id, filters: {} })),
    ).toBe("OK");
    expect(
      await outcome(world.ownerB.caller.callLog.list({ projectId: world.projectA.id, filters: {} })),
    ).toBe("NOT_FOUND");
  });
});
