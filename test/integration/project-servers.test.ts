// Project servers end to end in process: adding a connected integration to a project, its tools on
// /mcp at once (tools/list and tools/call through the official SDK client, the remote MCP fake seeing
// exactly what was forwarded), switching single tools, removal, a broken server that leaves the other
// tools alone, and the organization's tool counts.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMcpClient } from "../support/mcp-client.ts";
import {
  BREVO_KEY,
  connectMcpProvider,
  EXA_KEY,
  listedNames,
  textOf,
  worldWithServerFakes,
} from "./servers-fixture.ts";
import { outcome } from "./world.ts";

const STANDARD = ["calculate", "convert_time", "date_calculate", "fetch_web_page", "get_current_time"];

const { exa, brevo, app, world } = await worldWithServerFakes();
let client: Client;
let exaServerId = "";

beforeAll(async () => {
  await connectMcpProvider(world.ownerA, world.orgA.id, "exa", EXA_KEY);
  const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
  client = await connectMcpClient(app, key.secret);
});
afterAll(async () => {
  await client?.close();
});

const servers = () =>
  world.ownerA.caller.projectServers.getProjectServersByProjectId({ projectId: world.projectA.id });

describe("project servers", () => {
  it("start empty, and refuse an integration the organization has not connected", async () => {
    expect(await servers()).toEqual([]);
    expect(await listedNames(client)).toEqual(STANDARD);
    await expect(
      world.ownerA.caller.projectServers.addServer({
        projectId: world.projectA.id,
        integrationId: "hubspot",
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Connect HubSpot on the organization's integrations page before adding HubSpot.",
    });
    const available = await world.ownerA.caller.projectServers.getAvailableIntegrations({
      projectId: world.projectA.id,
    });
    expect(
      available.filter((entry) => entry.connectionStatus === "active").map((e) => e.integrationId),
    ).toEqual(["exa"]);
  });

  it("adding a server puts its tools on /mcp at once, named <integration>_<tool>", async () => {
    const added = await world.ownerA.caller.projectServers.addServer({
      projectId: world.projectA.id,
      integrationId: "exa",
    });
    exaServerId = added.id;
    expect(await listedNames(client)).toEqual([...STANDARD, "exa_crawling_exa", "exa_web_search_exa"].sort());
    const [server] = await servers();
    expect(server).toMatchObject({
      id: exaServerId,
      integrationId: "exa",
      name: "Exa",
      sourceType: "mcp",
      connectionStatus: "active",
      problem: null,
      toolCount: 2,
      enabledToolCount: 2,
    });
    await expect(
      world.ownerA.caller.projectServers.addServer({ projectId: world.projectA.id, integrationId: "exa" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Exa is already a server of this project." });
  });

  it("lists the server's tools by project and by server id alike", async () => {
    // memberA is in the organization but has no grant on this project.
    expect(
      await outcome(
        world.memberA.caller.projectServers.getServerTools({
          projectId: world.projectA.id,
          serverId: exaServerId,
        }),
      ),
    ).toBe("NOT_FOUND");
    const view = await world.ownerA.caller.projectServers.getServerTools({
      projectId: world.projectA.id,
      serverId: exaServerId,
    });
    expect(view.problem).toBeNull();
    expect(view.tools.map((tool) => [tool.name, tool.toolName, tool.enabled, tool.readOnly])).toEqual([
      ["exa_web_search_exa", "web_search_exa", true, true],
      ["exa_crawling_exa", "crawling_exa", true, false],
    ]);
    expect(view.tools[0]?.inputSchema).toMatchObject({ required: ["query"] });
    expect(await world.ownerA.caller.tools.getToolsForServer({ serverId: exaServerId })).toEqual(view);
  });

  it("forwards tools/call to the remote server with the stored key and nothing of the caller's", async () => {
    const before = exa.calls("tools/call").length;
    const result = await client.callTool({
      name: "exa_web_search_exa",
      arguments: { query: "acme corp", numResults: 3 },
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe("Results for acme corp: Acme Corp (acme.test)");
    const calls = exa.calls("tools/call");
    expect(calls).toHaveLength(before + 1);
    const [call] = calls.slice(-1);
    expect(call?.params).toEqual({
      name: "web_search_exa",
      arguments: { query: "acme corp", numResults: 3 },
    });
    expect(call?.headers["x-api-key"]).toBe(EXA_KEY);
    expect(call?.headers.authorization).toBeUndefined();
  });

  it("a tool switched off leaves /mcp at once and comes back when switched on", async () => {
    const input = { projectId: world.projectA.id, serverId: exaServerId, toolName: "crawling_exa" };
    await world.ownerA.caller.projectServers.setToolEnabled({ ...input, enabled: false });
    expect(await listedNames(client)).not.toContain("exa_crawling_exa");
    await expect(
      client.callTool({ name: "exa_crawling_exa", arguments: { url: "https://acme.test" } }),
    ).rejects.toThrow(/Unknown tool: exa_crawling_exa/);
    expect((await servers())[0]).toMatchObject({ toolCount: 2, enabledToolCount: 1 });
    const view = await world.ownerA.caller.tools.getToolsForServer({ serverId: exaServerId });
    expect(view.tools.find((tool) => tool.toolName === "crawling_exa")?.enabled).toBe(false);
    await world.ownerA.caller.projectServers.setToolEnabled({ ...input, enabled: true });
    expect(await listedNames(client)).toContain("exa_crawling_exa");
    await expect(
      world.ownerA.caller.projectServers.setToolEnabled({
        ...input,
        toolName: "no_such_tool",
        enabled: false,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("counts each connected integration's tools on the organization overview", async () => {
    const rows =
      await world.ownerA.caller.integrations.organizations.getAllOrganizationIntegrationsWithToolCounts({
        organizationId: world.orgA.id,
      });
    const count = (id: string) => rows.find((row) => row.id === id)?.toolCount;
    // A connected remote MCP server by its listing; one not connected cannot be known yet; Portico's own
    // packs from the registry, connected or not.
    expect(count("exa")).toBe(2);
    expect(count("brevo")).toBeNull();
    expect(count("hubspot")).toBeGreaterThan(10);
  });

  it("a server whose remote MCP server is unreachable is skipped; the project's other tools stay", async () => {
    await connectMcpProvider(world.ownerA, world.orgA.id, "brevo", BREVO_KEY);
    await brevo.close();
    await world.adminA.caller.projectServers.addServer({
      projectId: world.projectA.id,
      integrationId: "brevo",
    });
    expect(await listedNames(client)).toEqual([...STANDARD, "exa_crawling_exa", "exa_web_search_exa"].sort());
    const brevoServer = (await servers()).find((server) => server.integrationId === "brevo");
    expect(brevoServer).toMatchObject({ connectionStatus: "active", toolCount: 0 });
    expect(brevoServer?.problem).toMatch(/Brevo/);
    const view = await world.ownerA.caller.tools.getToolsForServer({ serverId: brevoServer?.id ?? "" });
    expect(view).toMatchObject({ tools: [], problem: brevoServer?.problem });
    const result = await client.callTool({ name: "exa_web_search_exa", arguments: { query: "still works" } });
    expect(result.isError).toBeFalsy();
  });

  it("a disconnected connection takes its servers' tools off /mcp at once, a reconnection brings them back", async () => {
    await world.ownerA.caller.integrations.connections.disconnect({
      organizationId: world.orgA.id,
      provider: "exa",
    });
    expect(await listedNames(client)).toEqual(STANDARD);
    const exaServer = (await servers()).find((server) => server.integrationId === "exa");
    expect(exaServer).toMatchObject({ connectionStatus: "inactive", problem: "Disconnected.", toolCount: 0 });
    await connectMcpProvider(world.ownerA, world.orgA.id, "exa", EXA_KEY);
    expect(await listedNames(client)).toEqual([...STANDARD, "exa_crawling_exa", "exa_web_search_exa"].sort());
  });

  it("removing a server takes its tools off /mcp at once", async () => {
    await world.ownerA.caller.projectServers.removeServer({
      projectId: world.projectA.id,
      serverId: exaServerId,
    });
    expect(await listedNames(client)).toEqual(STANDARD);
    expect(await outcome(world.ownerA.caller.tools.getToolsForServer({ serverId: exaServerId }))).toBe(
      "NOT_FOUND",
    );
    expect((await servers()).map((server) => server.integrationId)).toEqual(["brevo"]);
  });
});
