// Who may do what with project servers (docs/architecture/integrations.md "Project servers"): viewers see servers and
// tools; editors and admins add, remove, switch tools and run the playground. And the playground
// itself: the gateway's path for one tool, its result and time, logged but not counted as agent traffic.
import { beforeAll, describe, expect, it } from "vitest";
import { toolCall } from "~/server/db/schema/index.ts";
import { connectMcpProvider, EXA_KEY, textOf, worldWithServerFakes } from "./servers-fixture.ts";
import { outcome } from "./world.ts";

const { exa, app, world } = await worldWithServerFakes();
let serverId = "";

beforeAll(async () => {
  await connectMcpProvider(world.ownerA, world.orgA.id, "exa", EXA_KEY);
  serverId = (
    await world.ownerA.caller.projectServers.addServer({ projectId: world.projectA.id, integrationId: "exa" })
  ).id;
});

const grant = (role: "viewer" | "editor") =>
  world.ownerA.caller.projectPermissions.setProjectMemberRole({
    projectId: world.projectA.id,
    userId: world.memberA.id,
    role,
  });

describe("project server permissions", () => {
  it("a viewer sees servers and tools but cannot add, remove, switch or run", async () => {
    await grant("viewer");
    const c = world.memberA.caller;
    const projectId = world.projectA.id;
    expect((await c.projectServers.getProjectServersByProjectId({ projectId })).map((s) => s.id)).toEqual([
      serverId,
    ]);
    expect((await c.projectServers.getServerTools({ projectId, serverId })).tools).toHaveLength(2);
    expect((await c.tools.getToolsForServer({ serverId })).tools).toHaveLength(2);
    expect(await outcome(c.projectServers.getAvailableIntegrations({ projectId }))).toBe("OK");
    const project = await c.project.getById({ projectId });
    expect(project.permissions).toMatchObject({
      "servers.manage": false,
      "tools.configure": false,
      "tools.run": false,
    });
    expect(await outcome(c.projectServers.addServer({ projectId, integrationId: "brevo" }))).toBe(
      "FORBIDDEN",
    );
    expect(await outcome(c.projectServers.removeServer({ projectId, serverId }))).toBe("FORBIDDEN");
    expect(
      await outcome(
        c.projectServers.setToolEnabled({ projectId, serverId, toolName: "crawling_exa", enabled: false }),
      ),
    ).toBe("FORBIDDEN");
    expect(
      await outcome(
        c.projectServers.runTool({
          projectId,
          serverId,
          toolName: "web_search_exa",
          arguments: { query: "x" },
        }),
      ),
    ).toBe("FORBIDDEN");
    expect(exa.calls("tools/call")).toHaveLength(0);
  });

  it("an editor switches tools and runs the playground, disabled tools included", async () => {
    await grant("editor");
    const c = world.memberA.caller;
    const projectId = world.projectA.id;
    expect((await c.project.getById({ projectId })).permissions).toMatchObject({
      "servers.manage": true,
      "tools.configure": true,
      "tools.run": true,
    });
    await c.projectServers.setToolEnabled({
      projectId,
      serverId,
      toolName: "web_search_exa",
      enabled: false,
    });
    const run = await c.projectServers.runTool({
      projectId,
      serverId,
      toolName: "web_search_exa",
      arguments: { query: "playground" },
    });
    expect(run.result.isError).toBeFalsy();
    expect(textOf(run.result)).toBe("Results for playground: Acme Corp (acme.test)");
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    const [call] = exa.calls("tools/call").slice(-1);
    expect(call?.params).toEqual({ name: "web_search_exa", arguments: { query: "playground" } });
    expect(call?.headers["x-api-key"]).toBe(EXA_KEY);
    // A real call with the organization's connection: logged (and counted) like every other door's.
    await app.gateway.recorder.flush();
    expect(
      (await app.db.select().from(toolCall)).map((row) => [row.channel, row.toolName, row.userId]),
    ).toEqual([["playground", "exa_web_search_exa", world.memberA.id]]);
  });

  it("the playground reports upstream errors as a marked result and unknown tools as NOT_FOUND", async () => {
    const c = world.memberA.caller;
    const projectId = world.projectA.id;
    exa.tools[1] = {
      ...exa.tools[1],
      name: "crawling_exa",
      handle: () => ({ isError: true, content: [{ type: "text", text: "Page not reachable" }] }),
    };
    const run = await c.projectServers.runTool({
      projectId,
      serverId,
      toolName: "crawling_exa",
      arguments: { url: "https://acme.test" },
    });
    expect(run.result).toMatchObject({ isError: true });
    expect(textOf(run.result)).toBe("Page not reachable");
    expect(
      await outcome(c.projectServers.runTool({ projectId, serverId, toolName: "nope", arguments: {} })),
    ).toBe("NOT_FOUND");
  });

  it("an editor removes the server; an organization member without a grant sees nothing", async () => {
    await world.memberA.caller.projectServers.removeServer({ projectId: world.projectA.id, serverId });
    expect(
      await world.ownerA.caller.projectServers.getProjectServersByProjectId({ projectId: world.projectA.id }),
    ).toEqual([]);
    await world.ownerA.caller.projectPermissions.removeProjectMember({
      projectId: world.projectA.id,
      userId: world.memberA.id,
    });
    expect(
      await outcome(
        world.memberA.caller.projectServers.getProjectServersByProjectId({ projectId: world.projectA.id }),
      ),
    ).toBe("NOT_FOUND");
  });
});
