// Set-up of the tool-pack tests for providers connected with a saved credential (Raynet, Caflou, Exa,
// Brevo): the provider as a local fake reached through configuration, organization A's credential saved
// (which runs the provider's own check call against the fake), the integration added to project A, and
// an MCP client on project A's /mcp.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { IntegrationId, ProviderId } from "~/lib/integrations/types.ts";
import { createTestApp } from "../support/app.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { buildWorld } from "./world.ts";

export async function startApiTokenWorld(options: {
  provider: ProviderId;
  integrationId: IntegrationId;
  values: Record<string, string>;
  /** Endpoint overrides of the provider (apiBaseUrl or mcpUrl at the fake). */
  endpoints?: Record<string, string>;
  env?: Record<string, string>;
}) {
  const app = await createTestApp({
    ...options.env,
    INTEGRATION_ENDPOINTS: JSON.stringify({ [options.provider]: options.endpoints ?? {} }),
  });
  const world = await buildWorld(app);
  const owner = world.ownerA;
  await owner.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: options.provider,
    authFlow: "api-token",
    values: options.values,
  });
  await owner.caller.projectServers.addServer({
    projectId: world.projectA.id,
    integrationId: options.integrationId,
  });
  const key = await owner.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
  const client: Client = await connectMcpClient(app, key.secret);
  return {
    app,
    world,
    client,
    call: (name: string, args: Record<string, unknown>) =>
      client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    async close() {
      await client.close();
      await app.database.close();
    },
  };
}
