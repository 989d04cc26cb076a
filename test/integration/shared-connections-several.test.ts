// Several shared connections to one provider (issue 36): an organization connects a second HubSpot
// portal beside its first; a project adds HubSpot twice, each server naming its connection and its own
// tool prefix, and each tool reaches its own portal (the fake records which portal answered).
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_PORTAL_ID, startFakeHubSpot } from "../fakes/hubspot.ts";
import { startCrmWorld, textOf } from "./crm-world.ts";
import { connectThroughConsent } from "./personal-world.ts";
import { outcome } from "./world.ts";

const SANDBOX_PORTAL = 2220002;
const w = await startCrmWorld({
  provider: "hubspot",
  integrationId: "hubspot",
  startApi: startFakeHubSpot,
  endpoints: (api) => ({ apiBaseUrl: api.url, revokeUrl: `${api.url}/oauth/v1/refresh-tokens` }),
});
afterAll(() => w.close());
const { world, owner, app } = w;
// Whoever consents as "sandbox-admin" reaches the sandbox portal; every other token the default one.
w.api.identify = (token) => (w.oauth.identityOf(token) === "sandbox-admin" ? SANDBOX_PORTAL : undefined);
w.api.records.push({ id: "151", type: "contacts", properties: { email: "ana@production.example" } });
w.api.addPortal(SANDBOX_PORTAL, {
  accountType: "SANDBOX",
  records: [{ id: "901", type: "contacts", properties: { email: "test@sandbox.example" } }],
});

async function connectAnotherPortal() {
  w.oauth.consentAs = "sandbox-admin";
  const callback = await connectThroughConsent(app, w.oauth, owner, {
    organizationId: world.orgA.id,
    integrationId: "hubspot",
    addAnother: true,
  });
  expect(callback?.status).toBe(302);
}

const listContacts = (name: string) =>
  w.client.callTool({ name, arguments: { limit: 10, properties: ["email"] } }) as Promise<CallToolResult>;

describe("two HubSpot portals in one organization", () => {
  it("connects a second portal beside the first, each named by the account it reaches", async () => {
    await connectAnotherPortal();
    const connections = await owner.caller.integrations.connections.getOrganizationConnections({
      organizationId: world.orgA.id,
    });
    expect(connections.map((row) => [row.provider, row.ownerUserId, row.status])).toEqual([
      ["hubspot", null, "active"],
      ["hubspot", null, "active"],
    ]);
    expect(connections[1]?.accountLabel).toContain(String(SANDBOX_PORTAL));
    expect(connections[0]?.accountLabel).toContain(String(DEFAULT_PORTAL_ID));
    // The same portal connected again is the same connection, not a third one.
    await connectAnotherPortal();
    expect(
      await owner.caller.integrations.connections.getOrganizationConnections({
        organizationId: world.orgA.id,
      }),
    ).toHaveLength(2);
  });

  it("serves two servers of one project with distinct tool prefixes, each reaching its own portal", async () => {
    const [, sandbox] = await owner.caller.integrations.connections.getOrganizationConnections({
      organizationId: world.orgA.id,
    });
    // The integration's own name is taken by the first server: a second one needs a name of its own.
    expect(
      await outcome(
        owner.caller.projectServers.addServer({ projectId: world.projectA.id, integrationId: "hubspot" }),
      ),
    ).toBe("BAD_REQUEST");
    await owner.caller.projectServers.addServer({
      projectId: world.projectA.id,
      integrationId: "hubspot",
      name: "sandbox",
      connectionId: sandbox?.id ?? "",
    });
    const names = (await w.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("hubspot_list_contacts");
    expect(names).toContain("sandbox_list_contacts");

    const served = w.api.served.length;
    const production = await listContacts("hubspot_list_contacts");
    const test = await listContacts("sandbox_list_contacts");
    expect(textOf(production)).toContain("ana@production.example");
    expect(textOf(production)).not.toContain("test@sandbox.example");
    expect(textOf(test)).toContain("test@sandbox.example");
    expect(textOf(test)).not.toContain("ana@production.example");
    expect(w.api.served.slice(served).map((request) => request.portalId)).toEqual([
      DEFAULT_PORTAL_ID,
      SANDBOX_PORTAL,
    ]);
  });

  it("renames a server, which renames its tools, and refuses a name already taken", async () => {
    const servers = await owner.caller.projectServers.getProjectServersByProjectId({
      projectId: world.projectA.id,
    });
    const sandbox = servers.find((server) => server.serverName === "sandbox");
    expect(sandbox?.connection?.named).toBe(true);
    expect(
      await outcome(
        owner.caller.projectServers.updateServer({
          projectId: world.projectA.id,
          serverId: sandbox?.id ?? "",
          name: "hubspot",
        }),
      ),
    ).toBe("BAD_REQUEST");
    await owner.caller.projectServers.updateServer({
      projectId: world.projectA.id,
      serverId: sandbox?.id ?? "",
      name: "hubspot_test",
    });
    const names = (await w.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("hubspot_test_list_contacts");
    expect(names).not.toContain("sandbox_list_contacts");
    // A name that is not a tool prefix is refused at the boundary.
    expect(
      await outcome(
        owner.caller.projectServers.updateServer({
          projectId: world.projectA.id,
          serverId: sandbox?.id ?? "",
          name: "Has Spaces",
        }),
      ),
    ).toBe("BAD_REQUEST");
  });

  it("refuses a server naming another organization's connection", async () => {
    const [theirs] = await owner.caller.integrations.connections.getOrganizationConnections({
      organizationId: world.orgA.id,
    });
    expect(
      await outcome(
        world.ownerB.caller.projectServers.addServer({
          projectId: world.projectB.id,
          integrationId: "hubspot",
          connectionId: theirs?.id ?? "",
        }),
      ),
    ).toBe("BAD_REQUEST");
  });

  it("offers each caller's own account only where members can sign in through an OAuth app", async () => {
    const available = await owner.caller.projectServers.getAvailableIntegrations({
      projectId: world.projectA.id,
    });
    const personal = (id: string) =>
      available.find((entry) => entry.integrationId === id)?.personalModeAvailable;
    // HubSpot has the organization's OAuth app; Salesforce has none; Raynet connects with a key.
    expect([personal("hubspot"), personal("salesforce"), personal("raynet")]).toEqual([true, false, false]);
    await expect(
      owner.caller.projectServers.addServer({
        projectId: world.projectA.id,
        integrationId: "salesforce",
        connectionMode: "personal",
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message:
        "Save an OAuth app for Salesforce on the organization's integrations page first: members connect their own accounts through it.",
    });
    await expect(
      owner.caller.projectServers.addServer({
        projectId: world.projectA.id,
        integrationId: "raynet",
        connectionMode: "personal",
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
