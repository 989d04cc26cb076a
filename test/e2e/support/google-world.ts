// Set-up of the browser tests of Google connections: a fake Google (its OAuth server, and its API host
// answering userinfo with whoever consented when a token was issued) and a production server pointed at
// it, whose first account is its site admin; then, per test, an organization on Start (seats for a
// member) with Google's OAuth app saved, a project, and a member who edits that project.

import { createFakeGoogleUserinfo } from "../../fakes/google-api.ts";
import { json, startHttpFake } from "../../fakes/http-fake.ts";
import { type FakeOAuthProvider, startFakeOAuthProvider } from "../../fakes/oauth-provider.ts";
import type { Credentials } from "../../support/app.ts";
import { HttpClient } from "../../support/http-client.ts";
import { type RunningServer, startServer } from "../../support/server.ts";
import { newUser } from "../../support/users.ts";

const GOOGLE_APP = { clientId: "e2e-google-app", clientSecret: "e2e-google-secret-0000000001" };

export interface GoogleServer {
  own: RunningServer;
  google: FakeOAuthProvider;
  siteAdmin: HttpClient;
  /** Stops the server, then the fakes. */
  stop(): Promise<void>;
}

/** Run in beforeAll (with SERVER_HOOK_TIMEOUT); `env` adds to the server's environment. */
export async function startGoogleServer(options: {
  siteAdminLabel: string;
  env?: Record<string, string>;
}): Promise<GoogleServer> {
  const google = await startFakeOAuthProvider({
    clients: { [GOOGLE_APP.clientId]: GOOGLE_APP.clientSecret },
    expiresIn: 3600,
  });
  // Each token reaches the account of whoever consented when it was issued.
  const userinfo = createFakeGoogleUserinfo();
  userinfo.identify = (token) => google.identityOf(token);
  const googleApi = await startHttpFake((request, response) => {
    if (!userinfo.handle(request, response)) json(response, 404, { error: { code: 404 } });
  });
  const closeFakes = async () => {
    await Promise.all([google.close(), googleApi.close()]);
  };
  let own: RunningServer;
  try {
    own = await startServer({
      env: {
        ...options.env,
        INTEGRATION_ENDPOINTS: JSON.stringify({
          google: {
            authorizeUrl: google.authorizeUrl,
            tokenUrl: google.tokenUrl,
            revokeUrl: google.revokeUrl,
            apiBaseUrl: googleApi.url,
          },
        }),
      },
    });
  } catch (error) {
    await closeFakes();
    throw error;
  }
  // The instance's first account is its site admin: it puts the test organizations on a plan with seats.
  const siteAdmin = new HttpClient(own.baseUrl);
  await siteAdmin.signUp(newUser(options.siteAdminLabel));
  return {
    own,
    google,
    siteAdmin,
    async stop() {
      await own.stop();
      await closeFakes();
    },
  };
}

/** `user` signs up, is invited to the organization as a member and accepts: their client. */
export async function joinAsMember(
  baseUrl: string,
  owner: HttpClient,
  organizationId: string,
  user: Credentials,
): Promise<HttpClient> {
  const member = new HttpClient(baseUrl);
  await member.signUp(user);
  const invitation = await owner.mutate<{ id: string }>("organizationInvitations.invite", {
    organizationId,
    email: user.email,
    role: "member",
  });
  await member.mutate("organizationInvitations.accept", { invitationId: invitation.id });
  return member;
}

/** An organization on Start with Google's OAuth app saved, a project, and a member who edits it. */
export async function googleOrganization(
  server: GoogleServer,
  options: { label: string; organizationName: string; projectName: string },
) {
  const { own, siteAdmin } = server;
  const ownerUser = newUser(`${options.label}-owner`);
  const owner = new HttpClient(own.baseUrl);
  await owner.signUp(ownerUser);
  const { organizationName } = options;
  const { id: organizationId } = await owner.mutate<{ id: string }>("organization.create", {
    name: organizationName,
  });
  await siteAdmin.mutate("admin.setOrganizationPlan", { organizationId, plan: "start", interval: "monthly" });
  await owner.mutate("integrations.credentials.saveOrganizationCredential", {
    organizationId,
    provider: "google",
    authFlow: "oauth",
    values: { ...GOOGLE_APP, redirectUri: `${own.baseUrl}/api/integrations/oauth/callback` },
  });
  const { id: projectId } = await owner.mutate<{ id: string }>("project.create", {
    organizationId,
    name: options.projectName,
  });
  const memberUser = newUser(`${options.label}-member`);
  const member = await joinAsMember(own.baseUrl, owner, organizationId, memberUser);
  const { id: memberId } = await member.query<{ id: string }>("user.getInfo");
  // In the project as an editor: the servers page counts who of its members has connected.
  await owner.mutate("projectPermissions.setProjectMemberRole", {
    projectId,
    userId: memberId,
    role: "editor",
  });
  return { owner, ownerUser, member, memberUser, organizationId, organizationName, projectId };
}
