// Set-up of the Atlassian tool-pack tests: Atlassian's OAuth server and a Jira and Confluence site as local fakes,
// organization A connected through the fake's consent, and an MCP client on project A's /mcp.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { integrationConnection } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { createFakeConfluence, type FakeConfluence } from "../fakes/confluence.ts";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { createTestApp, headersFor } from "../support/app.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { buildWorld } from "./world.ts";

const ATLASSIAN_APP = { clientId: "acme-atlassian-app", clientSecret: "acme-atlassian-secret-0123456789" };

export async function startAtlassianWorld() {
  const oauth = await startFakeOAuthProvider({
    clients: { [ATLASSIAN_APP.clientId]: ATLASSIAN_APP.clientSecret },
    expiresIn: 3600,
    jsonTokenRequests: true,
  });
  const accepts = (token: string) => oauth.issued.includes(token);
  const confluence: FakeConfluence = createFakeConfluence();
  const jira: FakeJira = await startFakeJira(accepts, confluence.handle);
  const app = await createTestApp({
    // API-token connections call the site's own address, here the local fake (through the SSRF guard).
    ALLOW_PRIVATE_URLS: "true",
    INTEGRATION_ENDPOINTS: JSON.stringify({
      atlassian: { authorizeUrl: oauth.authorizeUrl, tokenUrl: oauth.tokenUrl, apiBaseUrl: jira.url },
    }),
  });
  const world = await buildWorld(app);
  const owner = world.ownerA;
  await owner.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: "atlassian",
    authFlow: "oauth",
    values: { ...ATLASSIAN_APP, redirectUri: `${app.config.baseUrl}/api/integrations/oauth/callback` },
  });
  const { authorizeUrl } = await owner.caller.integrations.connections.startOAuth({
    organizationId: world.orgA.id,
    integrationId: "jira",
  });
  const location = await oauth.approve(authorizeUrl);
  const callback = await handleApiRequest(
    app,
    new Request(location, { headers: headersFor(owner.cookie) }),
    new URL(location).pathname,
  );
  expect(callback?.status).toBe(302);
  for (const integrationId of ["jira", "confluence"] as const) {
    await owner.caller.projectServers.addServer({ projectId: world.projectA.id, integrationId });
  }
  const key = await owner.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
  const client: Client = await connectMcpClient(app, key.secret);
  const currentToken = () => oauth.issued.filter((token) => token.includes("access-token")).at(-1) ?? "";
  return {
    app,
    world,
    /** Connects `organizationId` through the fake's consent as `who`; answers the callback's response. */
    async connect(who: typeof owner, organizationId: string) {
      const { authorizeUrl: url } = await who.caller.integrations.connections.startOAuth({
        organizationId,
        integrationId: "jira",
      });
      const back = await oauth.approve(url);
      return handleApiRequest(
        app,
        new Request(back, { headers: headersFor(who.cookie) }),
        new URL(back).pathname,
      );
    },
    oauth,
    jira,
    confluence,
    client,
    bearer: () => `Bearer ${currentToken()}`,
    async expireStoredToken() {
      await app.db
        .update(integrationConnection)
        .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
        .where(
          and(
            eq(integrationConnection.organizationId, world.orgA.id),
            eq(integrationConnection.provider, "atlassian"),
          ),
        );
    },
    call: (name: string, args: Record<string, unknown>) =>
      client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    async close() {
      await client.close();
      await app.database.close();
      await Promise.all([oauth.close(), jira.close()]);
    },
  };
}
