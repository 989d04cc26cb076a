// Set-up of the Google tool-pack tests: Google's OAuth server, Gmail, Calendar and Drive APIs as local fakes, organization
// A connected to Google through the fake's consent, and an MCP client on project A's /mcp.
import type { IntegrationId } from "~/lib/integrations/types.ts";
import { type FakeGmail, startFakeGmail } from "../fakes/gmail.ts";
import { type FakeCalendar, startFakeGoogleCalendar } from "../fakes/google-calendar.ts";
import { createFakeDrive, type FakeDrive } from "../fakes/google-drive.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { createTestApp } from "../support/app.ts";
import { connectThroughOAuth } from "./oauth-connected-world.ts";

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
  const connected = await connectThroughOAuth(app, oauth, {
    provider: "google",
    oauthApp: GOOGLE_APP,
    integrations: [integrations[0] ?? "gmail", ...integrations.slice(1)],
  });
  const { client, currentToken } = connected;

  return {
    ...connected,
    app,
    oauth,
    gmail,
    calendar,
    drive,
    /** Makes the API refuse the current token with 401 (revoked early, or issued without expiry). */
    refuseCurrentToken: () => refused.add(currentToken()),
    async close() {
      await client.close();
      await app.database.close();
      await Promise.all([oauth.close(), gmail.close(), calendar.close()]);
    },
  };
}

export { textOf } from "./tool-pack.ts";
