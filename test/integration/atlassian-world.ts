// Set-up of the Atlassian tool-pack tests: Atlassian's OAuth server and a Jira and Confluence site as local fakes,
// organization A connected through the fake's consent, and an MCP client on project A's /mcp.
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { createFakeConfluence, type FakeConfluence } from "../fakes/confluence.ts";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { createTestApp, headersFor } from "../support/app.ts";
import { connectThroughOAuth } from "./oauth-connected-world.ts";

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
  const connected = await connectThroughOAuth(app, oauth, {
    provider: "atlassian",
    oauthApp: ATLASSIAN_APP,
    integrations: ["jira", "confluence"],
  });
  const { world, owner, client } = connected;
  return {
    ...connected,
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
    async close() {
      await client.close();
      await app.database.close();
      await Promise.all([oauth.close(), jira.close()]);
    },
  };
}
