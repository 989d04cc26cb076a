// Set-up of the personal-connection tests (issue 36): Google's OAuth server, Gmail and Google's API host
// (userinfo) as local fakes, each token reaching the mailbox and address of whoever consented when it was
// issued; the test file's app and world; organization A's own Google OAuth app, project A's member made
// an editor, and a Gmail server of project A in personal mode (each caller's own account). People then
// connect their own Google account with connectOwnGoogle.
import { afterAll, expect } from "vitest";
import type { App } from "~/server/app-services.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { startFakeGmail } from "../fakes/gmail.ts";
import { createFakeGoogleUserinfo } from "../fakes/google-api.ts";
import { json, startHttpFake } from "../fakes/http-fake.ts";
import { type FakeOAuthProvider, startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { headersFor } from "../support/app.ts";
import { type Person, worldForFile } from "./world.ts";

const GOOGLE_APP = { clientId: "acme-google-app", clientSecret: "acme-google-secret-0123456789" };

type StartOAuthInput = Parameters<Person["caller"]["integrations"]["connections"]["startOAuth"]>[0];

/**
 * `who` starts connecting, the fake provider consents (as whoever its `consentAs` names) and Portico's
 * OAuth callback runs with the answer, as the browser would bring it back: the callback's response.
 */
export async function connectThroughConsent(
  app: App,
  oauth: FakeOAuthProvider,
  who: Person,
  start: StartOAuthInput,
) {
  const { authorizeUrl } = await who.caller.integrations.connections.startOAuth(start);
  const location = await oauth.approve(authorizeUrl);
  return handleApiRequest(
    app,
    new Request(location, { headers: headersFor(who.cookie) }),
    new URL(location).pathname,
  );
}

/** The world above; `overrides` adds to the app's configuration (e.g. LLM_ENDPOINTS). */
export async function startPersonalWorld(overrides: Record<string, string> = {}) {
  const oauth = await startFakeOAuthProvider({
    clients: { [GOOGLE_APP.clientId]: GOOGLE_APP.clientSecret },
    expiresIn: 3600,
  });
  const gmail = await startFakeGmail((token) => oauth.issued.includes(token));
  gmail.identify = (token) => oauth.identityOf(token);
  const userinfo = createFakeGoogleUserinfo();
  userinfo.identify = (token) => oauth.identityOf(token);
  const googleApi = await startHttpFake((request, response) => {
    if (!userinfo.handle(request, response)) json(response, 404, { error: { code: 404 } });
  });
  afterAll(() => Promise.all([oauth.close(), gmail.close(), googleApi.close()]));
  const { app, world } = await worldForFile({
    INTEGRATION_ENDPOINTS: JSON.stringify({
      google: {
        authorizeUrl: oauth.authorizeUrl,
        tokenUrl: oauth.tokenUrl,
        revokeUrl: oauth.revokeUrl,
        apiBaseUrl: googleApi.url,
      },
      gmail: { apiBaseUrl: gmail.url },
    }),
    ...overrides,
  });

  await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: "google",
    authFlow: "oauth",
    values: { ...GOOGLE_APP, redirectUri: `${app.config.baseUrl}/api/integrations/oauth/callback` },
  });
  await world.ownerA.caller.projectPermissions.setProjectMemberRole({
    projectId: world.projectA.id,
    userId: world.memberA.id,
    role: "editor",
  });
  const server = await world.ownerA.caller.projectServers.addServer({
    projectId: world.projectA.id,
    integrationId: "gmail",
    connectionMode: "personal",
  });

  return {
    app,
    world,
    oauth,
    gmail,
    serverId: server.id,
    /** The person connects their own Google account, as the connect link's page does: the token issued. */
    async connectOwnGoogle(who: Person): Promise<string> {
      oauth.consentAs = who.credentials.email;
      const callback = await connectThroughConsent(app, oauth, who, {
        organizationId: world.orgA.id,
        integrationId: "gmail",
        personal: true,
      });
      expect(callback?.status).toBe(302);
      expect(callback?.headers.get("location")).toContain("/app/account");
      return oauth.issued.filter((token) => token.includes("access-token")).at(-1) ?? "";
    },
  };
}
