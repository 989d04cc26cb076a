// Set-up of the CRM tool-pack tests (HubSpot, Pipedrive, Salesforce, Attio, monday.com, SurveyMonkey): the provider's OAuth server and API as local
// fakes, organization A connected through the fake's consent, the integration added to project A, and
// an MCP client on project A's /mcp.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { IntegrationId, ProviderId } from "~/lib/integrations/types.ts";
import { integrationConnection } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import type { HttpFake } from "../fakes/http-fake.ts";
import { type FakeOAuthOptions, startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { createTestApp, headersFor } from "../support/app.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { buildWorld } from "./world.ts";

const APP = { clientId: "acme-crm-app", clientSecret: "acme-crm-secret-0123456789" };

export async function startCrmWorld<Api extends HttpFake>(options: {
  provider: ProviderId;
  integrationId: IntegrationId;
  startApi: (acceptsToken: (token: string) => boolean) => Promise<Api>;
  /** Endpoints besides the OAuth ones (e.g. apiBaseUrl at the API fake). */
  endpoints: (api: Api) => Record<string, string>;
  /** Extra fields of every token answer (Pipedrive's api_domain). */
  tokenFields?: (api: Api) => FakeOAuthOptions["tokenFields"];
  /** Extra configuration (e.g. ALLOW_PRIVATE_URLS for an API host named by a response). */
  env?: Record<string, string>;
  /** The token answer's expires_in; null answers without one (Salesforce, monday.com). Default 1800. */
  expiresIn?: number | null;
  /** Whether token answers carry a refresh token (default true; Attio and monday.com send none). */
  issueRefreshTokens?: boolean;
}) {
  const refused = new Set<string>();
  let accepts = (_token: string) => false;
  const api = await options.startApi((token) => accepts(token));
  const oauth = await startFakeOAuthProvider({
    clients: { [APP.clientId]: APP.clientSecret },
    ...(options.expiresIn === null ? {} : { expiresIn: options.expiresIn ?? 1800 }),
    issueRefreshTokens: options.issueRefreshTokens ?? true,
    tokenFields: options.tokenFields?.(api),
  });
  accepts = (token) => oauth.issued.includes(token) && !refused.has(token);
  const app = await createTestApp({
    ...options.env,
    INTEGRATION_ENDPOINTS: JSON.stringify({
      [options.provider]: {
        authorizeUrl: oauth.authorizeUrl,
        tokenUrl: oauth.tokenUrl,
        revokeUrl: oauth.revokeUrl,
        ...options.endpoints(api),
      },
    }),
  });
  const world = await buildWorld(app);
  const owner = world.ownerA;
  await owner.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: options.provider,
    authFlow: "oauth",
    values: { ...APP, redirectUri: `${app.config.baseUrl}/api/integrations/oauth/callback` },
  });
  const { authorizeUrl } = await owner.caller.integrations.connections.startOAuth({
    organizationId: world.orgA.id,
    integrationId: options.integrationId,
  });
  const location = await oauth.approve(authorizeUrl);
  const callback = await handleApiRequest(
    app,
    new Request(location, { headers: headersFor(owner.cookie) }),
    new URL(location).pathname,
  );
  expect(callback?.status).toBe(302);
  await owner.caller.projectServers.addServer({
    projectId: world.projectA.id,
    integrationId: options.integrationId,
  });
  const key = await owner.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
  const client: Client = await connectMcpClient(app, key.secret);
  const currentToken = () => oauth.issued.filter((token) => token.includes("access-token")).at(-1) ?? "";

  return {
    app,
    world,
    oauth,
    api,
    client,
    /** The connection's current access token. */
    token: currentToken,
    /** The Authorization header the fake expects for the connection's current token. */
    bearer: () => `Bearer ${currentToken()}`,
    /** Makes the API refuse the current token with 401 (revoked before its expiry). */
    refuseCurrentToken: () => refused.add(currentToken()),
    async expireStoredToken() {
      await app.db
        .update(integrationConnection)
        .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
        .where(
          and(
            eq(integrationConnection.organizationId, world.orgA.id),
            eq(integrationConnection.provider, options.provider),
          ),
        );
    },
    call: (name: string, args: Record<string, unknown>) =>
      client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    async close() {
      await client.close();
      await app.database.close();
      await Promise.all([oauth.close(), api.close()]);
    },
  };
}

export const textOf = (result: CallToolResult) => {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
};
