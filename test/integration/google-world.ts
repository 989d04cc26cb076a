// Set-up of the Google tool-pack tests: Google's OAuth server, Gmail, Calendar and Drive APIs as local fakes, organization
// A connected to Google through the fake's consent, and an MCP client on project A's /mcp.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { IntegrationId } from "~/lib/integrations/types.ts";
import { integrationConnection } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { type FakeGmail, startFakeGmail } from "../fakes/gmail.ts";
import { type FakeCalendar, startFakeGoogleCalendar } from "../fakes/google-calendar.ts";
import { createFakeDrive, type FakeDrive } from "../fakes/google-drive.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { createTestApp, headersFor } from "../support/app.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { buildWorld } from "./world.ts";

const GOOGLE_APP = { clientId: "acme-google-app", clientSecret: "acme-google-secret-0123456789" };

export async function startGoogleWorld(integrations: IntegrationId[]) {
  const oauth = await startFakeOAuthProvider({
    clients: { [GOOGLE_APP.clientId]: GOOGLE_APP.clientSecret },
    expiresIn: 3600,
  });
  /** Tokens the tests made the API refuse (as if revoked before their expiry). */
  const refused = new Set<string>();
  const accepts = (token: string) => oauth.issued.includes(token) && !refused.has(token);
  const gmail: FakeGmail = await startFakeGmail(accepts);
  // Calendar (and Drive) are served from Google's shared API host, the provider's apiBaseUrl.
  const drive: FakeDrive = createFakeDrive();
  const calendar: FakeCalendar = await startFakeGoogleCalendar(accepts, drive.handle);
  const app = await createTestApp({
    INTEGRATION_ENDPOINTS: JSON.stringify({
      google: {
        authorizeUrl: oauth.authorizeUrl,
        tokenUrl: oauth.tokenUrl,
        revokeUrl: oauth.revokeUrl,
        apiBaseUrl: calendar.url,
      },
      gmail: { apiBaseUrl: gmail.url },
    }),
  });
  const world = await buildWorld(app);
  const owner = world.ownerA;
  await owner.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: "google",
    authFlow: "oauth",
    values: { ...GOOGLE_APP, redirectUri: `${app.config.baseUrl}/api/integrations/oauth/callback` },
  });
  const { authorizeUrl } = await owner.caller.integrations.connections.startOAuth({
    organizationId: world.orgA.id,
    integrationId: integrations[0] ?? "gmail",
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
    gmail,
    calendar,
    drive,
    client,
    currentToken,
    /** The Authorization header the fakes expect for the connection's current token. */
    bearer: () => `Bearer ${currentToken()}`,
    /** Makes the API refuse the current token with 401 (revoked early, or issued without expiry). */
    refuseCurrentToken: () => refused.add(currentToken()),
    async expireStoredToken() {
      await app.db
        .update(integrationConnection)
        .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
        .where(
          and(
            eq(integrationConnection.organizationId, world.orgA.id),
            eq(integrationConnection.provider, "google"),
          ),
        );
    },
    call: (name: string, args: Record<string, unknown>) =>
      client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    async close() {
      await client.close();
      await app.database.close();
      await Promise.all([oauth.close(), gmail.close(), calendar.close()]);
    },
  };
}

export const textOf = (result: CallToolResult) => {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
};
