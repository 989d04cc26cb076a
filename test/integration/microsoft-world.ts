// Set-up of the Microsoft tool-pack tests: Microsoft's OAuth server (rotating refresh tokens, as the
// identity platform does) and Microsoft Graph as local fakes, organization A connected to Microsoft
// through the fake's consent, and an MCP client on project A's /mcp.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { IntegrationId } from "~/lib/integrations/types.ts";
import { integrationConnection } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { type FakeGraph, startFakeMicrosoftGraph } from "../fakes/microsoft-graph.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { createTestApp, headersFor } from "../support/app.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { buildWorld } from "./world.ts";

const MICROSOFT_APP = { clientId: "acme-entra-app", clientSecret: "acme-entra-secret-0123456789" };

export async function startMicrosoftWorld(integrations: IntegrationId[]) {
  const oauth = await startFakeOAuthProvider({
    clients: { [MICROSOFT_APP.clientId]: MICROSOFT_APP.clientSecret },
    expiresIn: 3600,
    rotateRefreshTokens: true,
  });
  /** Tokens the tests made Graph refuse (as if revoked before their expiry). */
  const refused = new Set<string>();
  const graph: FakeGraph = await startFakeMicrosoftGraph(
    (token) => oauth.issued.includes(token) && !refused.has(token),
  );
  const app = await createTestApp({
    // SharePoint's download URLs point at the fake on 127.0.0.1, which the SSRF guard refuses otherwise.
    ALLOW_PRIVATE_URLS: "true",
    INTEGRATION_ENDPOINTS: JSON.stringify({
      microsoft: { authorizeUrl: oauth.authorizeUrl, tokenUrl: oauth.tokenUrl, apiBaseUrl: graph.base },
    }),
  });
  const world = await buildWorld(app);
  const owner = world.ownerA;
  await owner.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: "microsoft",
    authFlow: "oauth",
    values: { ...MICROSOFT_APP, redirectUri: `${app.config.baseUrl}/api/integrations/oauth/callback` },
  });
  const { authorizeUrl } = await owner.caller.integrations.connections.startOAuth({
    organizationId: world.orgA.id,
    integrationId: integrations[0] ?? "outlook-email",
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
    app,
    oauth,
    graph,
    client,
    authorizeUrl,
    currentToken,
    /** The Authorization header Graph expects for the connection's current token. */
    bearer: () => `Bearer ${currentToken()}`,
    /** Makes Graph refuse the current token with 401 (revoked early). */
    refuseCurrentToken: () => refused.add(currentToken()),
    async expireStoredToken() {
      await app.db
        .update(integrationConnection)
        .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
        .where(
          and(
            eq(integrationConnection.organizationId, world.orgA.id),
            eq(integrationConnection.provider, "microsoft"),
          ),
        );
    },
    /** The Graph requests since the last reset, downloads excluded. */
    apiRequests: () => graph.requests.filter((request) => request.path.startsWith("/v1.0/")),
    /** Disconnects Microsoft as the organization's owner would. */
    disconnect: () =>
      owner.caller.integrations.connections.disconnect({
        organizationId: world.orgA.id,
        provider: "microsoft",
      }),
    call: (name: string, args: Record<string, unknown>) =>
      client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    async close() {
      await client.close();
      await app.database.close();
      await Promise.all([oauth.close(), graph.close()]);
    },
  };
}
