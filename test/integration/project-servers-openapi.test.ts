// A project server of source type openapi (RAYNET over an API-token connection): its document's tools
// on /mcp under the integration's prefix, a call reaching the provider fake as the documented request,
// and the organization's tool count matching what the server offers.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuth } from "../fakes/api-provider.ts";
import { startFakeRestProvider } from "../fakes/rest-provider.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { worldForFile } from "./world.ts";

const RAYNET = { email: "ops@acme.test", apiKey: "raynet-key-0123456789", namespace: "acme" };

const raynetApi = await startFakeRestProvider();
afterAll(() => raynetApi.close());
const { app, world } = await worldForFile({
  INTEGRATION_ENDPOINTS: JSON.stringify({ raynet: { apiBaseUrl: `${raynetApi.url}/api/v2` } }),
});
let client: Client;

beforeAll(async () => {
  await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: "raynet",
    authFlow: "api-token",
    values: RAYNET,
  });
  const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
  client = await connectMcpClient(app, key.secret);
});
afterAll(async () => {
  await client?.close();
});

describe("an OpenAPI project server", () => {
  it("offers its document's tools on /mcp and sends the documented request", async () => {
    await world.ownerA.caller.projectServers.addServer({
      projectId: world.projectA.id,
      integrationId: "raynet",
    });
    const names = (await client.listTools()).tools
      .map((tool) => tool.name)
      .filter((n) => n.startsWith("raynet_"));
    expect(names).toContain("raynet_list_companies");
    const [server] = await world.ownerA.caller.projectServers.getProjectServersByProjectId({
      projectId: world.projectA.id,
    });
    expect(server).toMatchObject({ sourceType: "openapi", problem: null, toolCount: names.length });
    const counts =
      await world.ownerA.caller.integrations.organizations.getAllOrganizationIntegrationsWithToolCounts({
        organizationId: world.orgA.id,
      });
    expect(counts.find((row) => row.id === "raynet")?.toolCount).toBe(names.length);

    raynetApi.respond = () => ({
      json: { success: "true", totalCount: 1, data: [{ id: 42, name: "Steelworks" }] },
    });
    raynetApi.requests.length = 0;
    const result = await client.callTool({
      name: "raynet_list_companies",
      arguments: { fulltext: "steel", limit: 5 },
    });
    expect(result.isError).toBeFalsy();
    expect(raynetApi.requests).toHaveLength(1);
    const [request] = raynetApi.requests;
    expect(request?.method).toBe("GET");
    expect(request?.path).toBe("/api/v2/company/");
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ offset: "0", limit: "5", fulltext: "steel" });
    expect(request?.headers.authorization).toBe(basicAuth(RAYNET.email, RAYNET.apiKey));
    expect(request?.headers["x-instance-name"]).toBe(RAYNET.namespace);
  });

  it("lists no tools for it once the connection is gone, and says why", async () => {
    await world.ownerA.caller.integrations.connections.disconnect({
      organizationId: world.orgA.id,
      provider: "raynet",
    });
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names.some((name) => name.startsWith("raynet_"))).toBe(false);
    const [server] = await world.ownerA.caller.projectServers.getProjectServersByProjectId({
      projectId: world.projectA.id,
    });
    expect(server).toMatchObject({ connectionStatus: "inactive", problem: "Disconnected.", toolCount: 0 });
  });
});
