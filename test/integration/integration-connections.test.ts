import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { getAccessToken } from "~/server/integrations/connections/access-token.ts";
import { findConnection } from "~/server/integrations/connections/connection-store.ts";
import { type FakeOAuthProvider, startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { headersFor } from "../support/app.ts";
import { dumpDatabase } from "../support/dump.ts";
import { expireStoredToken } from "../support/expire-token.ts";
import { outcome, type Person, worldForFile } from "./world.ts";

const ORG_APP = { clientId: "acme-google-app", clientSecret: "acme-google-secret-0123456789" };
const GLOBAL_ATLASSIAN = { clientId: "portico-atlassian", clientSecret: "portico-atlassian-secret-42" };

const google = await startFakeOAuthProvider({
  clients: { [ORG_APP.clientId]: ORG_APP.clientSecret },
  expiresIn: 3600,
});
const atlassian = await startFakeOAuthProvider({
  clients: { [GLOBAL_ATLASSIAN.clientId]: GLOBAL_ATLASSIAN.clientSecret },
  expiresIn: 3600,
  rotateRefreshTokens: true,
  jsonTokenRequests: true,
  sites: [{ id: "cloud-1", url: "https://acme.atlassian.net", name: "acme" }],
});
afterAll(() => Promise.all([google.close(), atlassian.close()]));
const { app, world } = await worldForFile({
  INTEGRATION_ENDPOINTS: JSON.stringify({
    google: { authorizeUrl: google.authorizeUrl, tokenUrl: google.tokenUrl, revokeUrl: google.revokeUrl },
    atlassian: {
      authorizeUrl: atlassian.authorizeUrl,
      tokenUrl: atlassian.tokenUrl,
      apiBaseUrl: atlassian.url,
    },
  }),
});
const callback = `${app.config.baseUrl}/api/integrations/oauth/callback`;

beforeAll(async () => {
  await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: "google",
    authFlow: "oauth",
    values: { ...ORG_APP, redirectUri: callback },
  });
  // ownerA is the site admin (first account): Portico's own Atlassian app serves every organization.
  await world.ownerA.caller.integrations.credentials.saveGlobalCredential({
    provider: "atlassian",
    authFlow: "oauth",
    values: { ...GLOBAL_ATLASSIAN, redirectUri: callback },
  });
});

/** Runs the provider's redirect back into Portico's callback as `who`'s browser would. */
async function callBack(who: Person, location: string) {
  const request = new Request(location, { headers: headersFor(who.cookie) });
  const response = await handleApiRequest(app, request, new URL(location).pathname);
  if (!response) throw new Error("callback not routed");
  return response;
}

async function connect(
  who: Person,
  organizationId: string,
  integrationId: "gmail" | "jira",
  fake: FakeOAuthProvider,
) {
  const { authorizeUrl } = await who.caller.integrations.connections.startOAuth({
    organizationId,
    integrationId,
  });
  return callBack(who, await fake.approve(authorizeUrl));
}

const statusOf = async (organizationId: string, provider: "google" | "atlassian") => {
  const row = await findConnection(app.db, organizationId, provider);
  return { status: row?.status, reason: row?.statusReason ?? null };
};

describe("OAuth connect", () => {
  it("sends the browser to the provider with the organization's app, state, PKCE and every Google scope", async () => {
    const { authorizeUrl } = await world.adminA.caller.integrations.connections.startOAuth({
      organizationId: world.orgA.id,
      integrationId: "gmail",
    });
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(google.authorizeUrl);
    expect(url.searchParams.get("client_id")).toBe(ORG_APP.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(callback);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("access_type")).toBe("offline");
    const scopes = url.searchParams.get("scope")?.split(" ") ?? [];
    expect(scopes).toEqual(
      expect.arrayContaining([
        "https://www.googleapis.com/auth/gmail.modify",
        "https://www.googleapis.com/auth/calendar",
        "https://www.googleapis.com/auth/drive",
      ]),
    );
    expect(await statusOf(world.orgA.id, "google")).toEqual({
      status: "pending",
      reason: "Waiting for authorization at Google.",
    });
  });

  it("completes on the callback: code exchanged with the PKCE verifier, connection active, back to the editor", async () => {
    const response = await connect(world.adminA, world.orgA.id, "gmail", google);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `${app.config.baseUrl}/app/organization/${world.orgA.id}/integrations?editIntegration=gmail`,
    );
    const exchange = new URLSearchParams(google.codeRequests.at(-1)?.body);
    expect(exchange.get("code_verifier")).toMatch(/^[\w-]{43}$/);
    expect(exchange.get("client_secret")).toBe(ORG_APP.clientSecret);
    const connections = await world.memberA.caller.integrations.connections.getOrganizationConnections({
      organizationId: world.orgA.id,
    });
    expect(connections).toEqual([
      expect.objectContaining({
        provider: "google",
        authFlow: "oauth",
        status: "active",
        statusReason: null,
        credentialScope: "organization",
      }),
    ]);
    expect(JSON.stringify(connections)).not.toContain("fake-");
    expect(await getAccessToken(app, world.orgA.id, "google")).toBe(google.issued.at(-2));
  });

  it("uses Portico's global app when the organization has none", async () => {
    const { authorizeUrl } = await world.ownerB.caller.integrations.connections.startOAuth({
      organizationId: world.orgB.id,
      integrationId: "jira",
    });
    const url = new URL(authorizeUrl);
    expect(url.searchParams.get("client_id")).toBe(GLOBAL_ATLASSIAN.clientId);
    // Atlassian takes no PKCE.
    expect(url.searchParams.has("code_challenge")).toBe(false);
    expect(url.searchParams.get("audience")).toBe("api.atlassian.com");
    const response = await callBack(world.ownerB, await atlassian.approve(authorizeUrl));
    expect(response.status).toBe(302);
    const rows = await world.ownerB.caller.integrations.connections.getOrganizationConnections({
      organizationId: world.orgB.id,
    });
    expect(rows[0]).toMatchObject({ provider: "atlassian", status: "active", credentialScope: "global" });
  });

  it("refuses a replayed state, another user's callback and a callback without state", async () => {
    const { authorizeUrl } = await world.ownerA.caller.integrations.connections.startOAuth({
      organizationId: world.orgA.id,
      integrationId: "gmail",
    });
    const location = await google.approve(authorizeUrl);
    const stranger = await callBack(world.ownerB, location);
    expect(stranger.status).toBe(403);
    expect(stranger.headers.get("content-type")).toMatch(/^text\/html/);
    const strangerPage = await stranger.text();
    expect(strangerPage).toMatch(/started by another account/);
    // A way back: to the integration's dialog in the organization where the connection was started.
    expect(strangerPage).toContain(
      `href="/app/organization/${world.orgA.id}/integrations?editIntegration=gmail"`,
    );
    // The state was single-use: even its rightful owner cannot use it now.
    const replay = await callBack(world.ownerA, location);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toMatch(/expired or was already used/);
    const noState = await callBack(world.ownerA, `${callback}?code=abc`);
    expect(noState.status).toBe(400);
  });

  it("refuses a callback from someone who lost the right to manage integrations since starting", async () => {
    const memberId = (
      await world.ownerA.caller.organizationMember.getMembersByOrganizationId({
        organizationId: world.orgA.id,
      })
    ).find((m) => m.userId === world.adminA.id)?.id;
    if (!memberId) throw new Error("adminA is not a member");
    const { authorizeUrl } = await world.adminA.caller.integrations.connections.startOAuth({
      organizationId: world.orgA.id,
      integrationId: "gmail",
    });
    const location = await google.approve(authorizeUrl);
    const exchangesBefore = google.codeRequests.length;
    const before = await findConnection(app.db, world.orgA.id, "google");
    await world.ownerA.caller.organizationMember.changeRole({
      organizationId: world.orgA.id,
      memberId,
      role: "member",
    });
    try {
      const response = await callBack(world.adminA, location);
      expect(response.status).toBe(403);
      expect(await response.text()).toMatch(/no longer manage/);
      expect(google.codeRequests.length).toBe(exchangesBefore);
      const after = await findConnection(app.db, world.orgA.id, "google");
      expect(after?.connectedByUserId).toBe(before?.connectedByUserId);
      expect(after?.updatedAt).toEqual(before?.updatedAt);
    } finally {
      await world.ownerA.caller.organizationMember.changeRole({
        organizationId: world.orgA.id,
        memberId,
        role: "admin",
      });
    }
  });

  it("members cannot start a connection", async () => {
    expect(
      await outcome(
        world.memberA.caller.integrations.connections.startOAuth({
          organizationId: world.orgA.id,
          integrationId: "gmail",
        }),
      ),
    ).toBe("FORBIDDEN");
  });

  it("records a denial at the provider as an error with its reason", async () => {
    const { orgC, owner } = await freshOrganization("Denied Org");
    const { authorizeUrl } = await owner.caller.integrations.connections.startOAuth({
      organizationId: orgC,
      integrationId: "jira",
    });
    const response = await callBack(owner, await atlassian.approve(authorizeUrl, { error: "access_denied" }));
    expect(response.status).toBe(302);
    expect(await statusOf(orgC, "atlassian")).toEqual({
      status: "error",
      reason: "Atlassian did not grant access: access_denied.",
    });
  });

  it("records a refused code exchange as an error with the provider's answer", async () => {
    const { orgC, owner } = await freshOrganization("Wrong Secret Org");
    await owner.caller.integrations.credentials.saveOrganizationCredential({
      organizationId: orgC,
      provider: "google",
      authFlow: "oauth",
      values: { clientId: ORG_APP.clientId, clientSecret: "not-the-secret", redirectUri: callback },
    });
    await connect(owner, orgC, "gmail", google);
    expect(await statusOf(orgC, "google")).toEqual({
      status: "error",
      reason: "Connecting failed: Google answered invalid_client (Unknown client or wrong secret).",
    });
  });
});

let organizations = 0;
/** A new organization owned by ownerB (not a site admin), for tests that need a clean slate. */
async function freshOrganization(name: string) {
  organizations += 1;
  const created = await world.ownerB.caller.organization.create({ name: `${name} ${organizations}` });
  return { orgC: created.id, owner: world.ownerB };
}

const expireAccessToken = (organizationId: string, provider: "google" | "atlassian") =>
  expireStoredToken(app.db, organizationId, provider);

describe("token refresh", () => {
  it("50 concurrent calls with an expired token make exactly one refresh request", async () => {
    await expireAccessToken(world.orgB.id, "atlassian");
    atlassian.refreshDelayMs = 300;
    const before = atlassian.refreshRequests.length;
    const tokens = await Promise.all(
      Array.from({ length: 50 }, () => getAccessToken(app, world.orgB.id, "atlassian")),
    );
    atlassian.refreshDelayMs = 0;
    expect(atlassian.refreshRequests.length - before).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toBe(atlassian.issued.at(-2));
    const row = await findConnection(app.db, world.orgB.id, "atlassian");
    expect(row?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    expect(row?.lastRefreshedAt).toBeInstanceOf(Date);
    // The rotated refresh token was kept: the next refresh works too.
    await expireAccessToken(world.orgB.id, "atlassian");
    expect(await getAccessToken(app, world.orgB.id, "atlassian")).toBe(atlassian.issued.at(-2));
  });

  it("a refused refresh marks the connection error with the reason and forgets the dead tokens", async () => {
    await expireAccessToken(world.orgB.id, "atlassian");
    atlassian.refreshError = { error: "invalid_grant", error_description: "Refresh token revoked" };
    const reason = "Token refresh failed: Atlassian answered invalid_grant (Refresh token revoked).";
    await expect(getAccessToken(app, world.orgB.id, "atlassian")).rejects.toMatchObject({ reason });
    atlassian.refreshError = null;
    const [view] = await world.ownerB.caller.integrations.connections.getOrganizationConnections({
      organizationId: world.orgB.id,
    });
    expect(view).toMatchObject({ status: "error", statusReason: reason });
    const row = await findConnection(app.db, world.orgB.id, "atlassian");
    expect(row?.tokens).toBeNull();
    // Later calls fail fast with the same reason instead of asking the provider again.
    const requests = atlassian.refreshRequests.length;
    await expect(getAccessToken(app, world.orgB.id, "atlassian")).rejects.toMatchObject({ reason });
    expect(atlassian.refreshRequests.length).toBe(requests);
  });

  it("reconnecting replaces the failed connection", async () => {
    await connect(world.ownerB, world.orgB.id, "jira", atlassian);
    expect(await statusOf(world.orgB.id, "atlassian")).toEqual({ status: "active", reason: null });
  });
});

describe("disconnect", () => {
  it("revokes at providers that allow it, forgets the tokens and shows why it is inactive", async () => {
    const row = await findConnection(app.db, world.orgA.id, "google");
    expect(row?.status).toBe("active");
    const result = await world.ownerA.caller.integrations.connections.disconnect({
      organizationId: world.orgA.id,
      provider: "google",
    });
    expect(result).toEqual({ revoked: true });
    expect(google.revoked.at(-1)).toBe(google.issued.at(-1));
    expect(await statusOf(world.orgA.id, "google")).toEqual({
      status: "inactive",
      reason: "Disconnected; access revoked at Google.",
    });
    expect((await findConnection(app.db, world.orgA.id, "google"))?.tokens).toBeNull();
    await expect(getAccessToken(app, world.orgA.id, "google")).rejects.toMatchObject({
      reason: "Disconnected; access revoked at Google.",
    });
  });

  it("says where to remove access when the provider has no revocation", async () => {
    await world.ownerB.caller.integrations.connections.disconnect({
      organizationId: world.orgB.id,
      provider: "atlassian",
    });
    expect((await statusOf(world.orgB.id, "atlassian")).reason).toMatch(
      /Portico cannot revoke access at Atlassian: remove it in your Atlassian account settings/,
    );
  });
});

describe("at rest", () => {
  it("no token, refresh token, client secret or PKCE verifier appears in a dump of the database", async () => {
    const dump = await dumpDatabase(app.db);
    expect(dump).toContain("integration_connection");
    const secrets = [
      ...google.issued,
      ...atlassian.issued,
      ORG_APP.clientSecret,
      GLOBAL_ATLASSIAN.clientSecret,
      ...google.codeRequests.map(
        (request) => new URLSearchParams(request.body).get("code_verifier") ?? "missing",
      ),
    ];
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(dump).not.toContain(secret);
  });
});
