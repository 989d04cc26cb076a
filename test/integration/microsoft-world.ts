// Set-up of the Microsoft tool-pack tests: Microsoft's OAuth server (rotating refresh tokens, as the
// identity platform does) and Microsoft Graph as local fakes, organization A connected to Microsoft
// through the fake's consent, and an MCP client on project A's /mcp.
import { expect } from "vitest";
import type { IntegrationId } from "~/lib/integrations/types.ts";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { type FakeGraph, startFakeMicrosoftGraph } from "../fakes/microsoft-graph.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { createTestApp } from "../support/app.ts";
import { connectThroughOAuth } from "./oauth-connected-world.ts";

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
  const connected = await connectThroughOAuth(app, oauth, {
    provider: "microsoft",
    oauthApp: MICROSOFT_APP,
    integrations: [integrations[0] ?? "outlook-email", ...integrations.slice(1)],
  });
  const { world, owner, client, currentToken } = connected;
  const apiRequests = () => graph.requests.filter((request) => request.path.startsWith("/v1.0/"));

  return {
    ...connected,
    app,
    oauth,
    graph,
    /** Makes Graph refuse the current token with 401 (revoked early). */
    refuseCurrentToken: () => refused.add(currentToken()),
    /** The Graph requests since the last reset, downloads excluded. */
    apiRequests,
    /** The one Graph request since the last reset (fails the test when there were more or none). */
    onlyRequest(): RecordedRequest {
      expect(apiRequests()).toHaveLength(1);
      return apiRequests()[0] as RecordedRequest;
    },
    /** Disconnects Microsoft as the organization's owner would. */
    disconnect: () =>
      owner.caller.integrations.connections.disconnect({
        organizationId: world.orgA.id,
        provider: "microsoft",
      }),
    async close() {
      await client.close();
      await app.database.close();
      await Promise.all([oauth.close(), graph.close()]);
    },
  };
}
