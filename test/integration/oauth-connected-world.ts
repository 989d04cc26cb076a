// What every provider's tool-pack world does once its fakes and app run: organization A saves the
// provider's OAuth app, connects through the fake's consent, adds the integrations as project A's
// servers, and an MCP client opens project A's /mcp with an API key.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import type { IntegrationId, ProviderId } from "~/lib/integrations/types.ts";
import type { App } from "~/server/app-services.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import type { FakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { headersFor } from "../support/app.ts";
import { expireStoredToken } from "../support/expire-token.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { buildWorld } from "./world.ts";

export interface OAuthConnection {
  provider: ProviderId;
  oauthApp: { clientId: string; clientSecret: string };
  /** Added as project A's servers; the first one starts the connection. */
  integrations: readonly [IntegrationId, ...IntegrationId[]];
}

export async function connectThroughOAuth(app: App, oauth: FakeOAuthProvider, connection: OAuthConnection) {
  const { provider, oauthApp, integrations } = connection;
  const world = await buildWorld(app);
  const owner = world.ownerA;
  await owner.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider,
    authFlow: "oauth",
    values: { ...oauthApp, redirectUri: `${app.config.baseUrl}/api/integrations/oauth/callback` },
  });
  const { authorizeUrl } = await owner.caller.integrations.connections.startOAuth({
    organizationId: world.orgA.id,
    integrationId: integrations[0],
  });
  const location = await oauth.approve(authorizeUrl);
  const callback = await handleApiRequest(
    app,
    new Request(location, { headers: headersFor(owner.cookie) }),
    new URL(location).pathname,
  );
  expect(callback?.status).toBe(302);
  for (const integrationId of integrations) {
    await owner.caller.projectServers.addServer({ projectId: world.projectA.id, integrationId });
  }
  const key = await owner.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
  const client: Client = await connectMcpClient(app, key.secret);
  const currentToken = () => oauth.issued.filter((token) => token.includes("access-token")).at(-1) ?? "";
  return {
    world,
    owner,
    authorizeUrl,
    client,
    currentToken,
    /** The Authorization header the provider's fakes expect for the connection's current token. */
    bearer: () => `Bearer ${currentToken()}`,
    /** Makes the stored access token look expired, so the next call refreshes first. */
    expireStoredToken: () => expireStoredToken(app.db, world.orgA.id, provider),
    call: (name: string, args: Record<string, unknown>) =>
      client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
  };
}
