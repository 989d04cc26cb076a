// A connection that breaks tells its organization's owners and admins once (connection-alerts.ts): a
// refresh refused by the provider puts HubSpot's connection in error and e-mails the owner and the admin
// of organization A, not its member nor anyone else, however many calls (and app instances) fail at
// once; after a reconnect the next breakage e-mails again; no token or secret is in the mail; and the
// overviews' banner query lists broken connections to A's members only.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "~/server/app.ts";
import { integrationConnection, outboxEmail } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { getAccessToken } from "~/server/integrations/connections/access-token.ts";
import { connectionAlertsSettled } from "~/server/integrations/connections/connection-alerts.ts";
import { findConnection } from "~/server/integrations/connections/connection-store.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { createTestApp, headersFor } from "../support/app.ts";
import { expireStoredToken } from "../support/expire-token.ts";
import { mailsTo } from "../support/outbox.ts";
import { buildWorld, outcome } from "./world.ts";

const HUBSPOT_APP = { clientId: "acme-hubspot-app", clientSecret: "acme-hubspot-secret-0123456789abcdef" };
const fake = await startFakeOAuthProvider({ clients: { [HUBSPOT_APP.clientId]: HUBSPOT_APP.clientSecret } });
const app = await createTestApp({
  INTEGRATION_ENDPOINTS: JSON.stringify({
    hubspot: { authorizeUrl: fake.authorizeUrl, tokenUrl: fake.tokenUrl, apiBaseUrl: "http://127.0.0.1:9" },
  }),
});
// A second instance on the same database, like another server process: its own in-flight refreshes, so
// it takes the row lock on its own.
const replica = await createApp(app.config, app.database);
const world = await buildWorld(app);
const orgId = world.orgA.id;
afterAll(async () => {
  await replica.gateway.stop();
  await app.database.close();
  await fake.close();
});

await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
  organizationId: orgId,
  provider: "hubspot",
  authFlow: "oauth",
  values: { ...HUBSPOT_APP, redirectUri: `${app.config.baseUrl}/api/integrations/oauth/callback` },
});

/** Connects (or reconnects) HubSpot through the fake's consent, as organization A's owner. */
async function connectHubSpot() {
  const { authorizeUrl } = await world.ownerA.caller.integrations.connections.startOAuth({
    organizationId: orgId,
    integrationId: "hubspot",
  });
  const location = await fake.approve(authorizeUrl);
  const response = await handleApiRequest(
    app,
    new Request(location, { headers: headersFor(world.ownerA.cookie) }),
    new URL(location).pathname,
  );
  expect(response?.status).toBe(302);
  expect(await findConnection(app.db, orgId, "hubspot")).toMatchObject({ status: "active" });
}

/** Expires the stored token and has the provider refuse the refresh, echoing the refresh token. */
async function refuseNextRefresh() {
  await expireStoredToken(app.db, orgId, "hubspot");
  const refreshToken = fake.issued.filter((token) => token.includes("refresh-token")).at(-1) ?? "";
  fake.refreshError = { error: "invalid_grant", error_description: `Refresh token ${refreshToken} revoked` };
}

/** `calls` concurrent token requests spread over both instances; every one must fail. */
async function failingCalls(calls: number) {
  const results = await Promise.allSettled(
    Array.from({ length: calls }, (_, i) => getAccessToken(i % 2 === 0 ? app : replica, orgId, "hubspot")),
  );
  expect(results.every((result) => result.status === "rejected")).toBe(true);
  await connectionAlertsSettled(app);
  await connectionAlertsSettled(replica);
}

const alertsTo = async (email: string) =>
  (await mailsTo(app.db, email)).filter((mail) => mail.subject.includes("needs attention"));

describe("e-mail when a connection breaks", () => {
  it("a refused refresh hit by 20 concurrent calls → error, one e-mail each to the owner and the admin", async () => {
    await connectHubSpot();
    await refuseNextRefresh();
    await failingCalls(20);
    const row = await findConnection(app.db, orgId, "hubspot");
    expect(row?.status).toBe("error");
    expect(row?.errorAlertedAt).toBeInstanceOf(Date);
    expect(await alertsTo(world.ownerA.credentials.email)).toHaveLength(1);
    expect(await alertsTo(world.adminA.credentials.email)).toHaveLength(1);
    expect(await alertsTo(world.memberA.credentials.email)).toHaveLength(0);
    expect(await alertsTo(world.ownerB.credentials.email)).toHaveLength(0);
    const alerts = (await app.db.select().from(outboxEmail)).filter((mail) =>
      mail.subject.includes("needs attention"),
    );
    expect(alerts).toHaveLength(2);
  });

  it("the e-mail names the integration, says why in plain words and links to the reconnect place", async () => {
    const [mail] = await alertsTo(world.adminA.credentials.email);
    expect(mail?.subject).toBe("HubSpot needs attention in Acme on Portico");
    expect(mail?.text).toContain("The HubSpot connection of Acme stopped working.");
    expect(mail?.text).toContain("HubSpot no longer accepts the access Portico was given");
    const link = `${app.config.baseUrl}/app/organization/${orgId}/integrations?editIntegration=hubspot`;
    expect(mail?.text).toContain(`Reconnect HubSpot: ${link}`);
    expect(mail?.html).toContain(`<a href="${link}">Reconnect HubSpot</a>`);
  });

  it("no token or secret is in the e-mail, even when the provider's answer echoes the refresh token", async () => {
    const row = await findConnection(app.db, orgId, "hubspot");
    // The provider's answer carried the refresh token; the stored status reason does not.
    const refreshToken = fake.issued.filter((token) => token.includes("refresh-token")).at(-1) ?? "";
    expect(row?.statusReason).toBe(
      "Token refresh failed: HubSpot answered invalid_grant (Refresh token [hidden] revoked).",
    );
    expect(row?.statusReason).not.toContain(refreshToken);
    const secrets = [...fake.issued, HUBSPOT_APP.clientSecret];
    for (const mail of await alertsTo(world.ownerA.credentials.email)) {
      for (const secret of secrets) {
        expect(mail.subject + mail.text + mail.html).not.toContain(secret);
      }
      expect(mail.text).toContain("[hidden]");
    }
  });

  it("more failing calls on the broken connection send nothing more", async () => {
    await failingCalls(5);
    expect(await alertsTo(world.ownerA.credentials.email)).toHaveLength(1);
  });

  it("reconnected, then broken again → a second e-mail", async () => {
    fake.refreshError = null;
    await connectHubSpot();
    expect((await findConnection(app.db, orgId, "hubspot"))?.errorAlertedAt).toBeNull();
    expect(await getAccessToken(app, orgId, "hubspot")).toBe(
      fake.issued.filter((token) => token.includes("access-token")).at(-1),
    );
    await refuseNextRefresh();
    await failingCalls(10);
    expect(await alertsTo(world.ownerA.credentials.email)).toHaveLength(2);
    expect(await alertsTo(world.adminA.credentials.email)).toHaveLength(2);
    expect(await alertsTo(world.memberA.credentials.email)).toHaveLength(0);
  });

  it("a reconnection refused at the provider while broken is the same breakage: no new e-mail", async () => {
    const { authorizeUrl } = await world.ownerA.caller.integrations.connections.startOAuth({
      organizationId: orgId,
      integrationId: "hubspot",
    });
    expect((await findConnection(app.db, orgId, "hubspot"))?.status).toBe("pending");
    const state = new URL(authorizeUrl).searchParams.get("state") ?? "";
    const denied = `${app.config.baseUrl}/api/integrations/oauth/callback?state=${encodeURIComponent(state)}&error=access_denied`;
    const response = await handleApiRequest(
      app,
      new Request(denied, { headers: headersFor(world.ownerA.cookie) }),
      new URL(denied).pathname,
    );
    expect(response?.status).toBe(302);
    await connectionAlertsSettled(app);
    expect(await findConnection(app.db, orgId, "hubspot")).toMatchObject({
      status: "error",
      statusReason: "HubSpot did not grant access: access_denied.",
    });
    expect(await alertsTo(world.ownerA.credentials.email)).toHaveLength(2);
  });

  it("a connection already disconnected that then fails a check sends nothing (it was not working)", async () => {
    const before = (await app.db.select().from(outboxEmail)).length;
    await app.db
      .update(integrationConnection)
      .set({ status: "inactive", errorAlertedAt: null })
      .where(
        and(eq(integrationConnection.organizationId, orgId), eq(integrationConnection.provider, "hubspot")),
      );
    const { markConnectionBroken } = await import("~/server/integrations/connections/connection-alerts.ts");
    const row = await findConnection(app.db, orgId, "hubspot");
    await markConnectionBroken(app, row?.id ?? "", "Its credentials were removed. Save new ones.");
    await connectionAlertsSettled(app);
    expect((await app.db.select().from(outboxEmail)).length).toBe(before);
    expect((await findConnection(app.db, orgId, "hubspot"))?.status).toBe("error");
  });
});

describe("several writers breaking the same connection at once", () => {
  it("20 concurrent markConnectionBroken over both instances → one e-mail each to the owner and the admin", async () => {
    const { upsertConnection } = await import("~/server/integrations/connections/connection-store.ts");
    const { markConnectionBroken } = await import("~/server/integrations/connections/connection-alerts.ts");
    const row = await upsertConnection(app.db, {
      organizationId: orgId,
      provider: "raynet",
      authFlow: "api-token",
      status: "active",
      statusReason: null,
    });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        markConnectionBroken(i % 2 === 0 ? app : replica, row.id, `RAYNET refused the API key (${i}).`),
      ),
    );
    await connectionAlertsSettled(app);
    await connectionAlertsSettled(replica);
    const raynetAlerts = async (email: string) =>
      (await alertsTo(email)).filter((mail) => mail.subject.startsWith("Raynet"));
    expect(await raynetAlerts(world.ownerA.credentials.email)).toHaveLength(1);
    expect(await raynetAlerts(world.adminA.credentials.email)).toHaveLength(1);
    expect(await raynetAlerts(world.memberA.credentials.email)).toHaveLength(0);
    // The banner below is about HubSpot alone.
    await app.db.delete(integrationConnection).where(eq(integrationConnection.id, row.id));
  });
});

describe("the banner's query", () => {
  it("owners and admins get the broken connection with the way to reconnect", async () => {
    for (const who of [world.ownerA, world.adminA]) {
      const broken = await who.caller.integrations.connections.getBrokenConnections({
        organizationId: orgId,
      });
      expect(broken.canReconnect).toBe(true);
      expect(broken.contacts).toEqual([]);
      expect(broken.connections).toEqual([
        expect.objectContaining({
          provider: "hubspot",
          name: "HubSpot",
          integrationId: "hubspot",
          reason: "Its credentials were removed. Save new ones.",
        }),
      ]);
    }
  });

  it("members get it with the names of who can reconnect", async () => {
    const broken = await world.memberA.caller.integrations.connections.getBrokenConnections({
      organizationId: orgId,
    });
    expect(broken.canReconnect).toBe(false);
    expect(broken.connections).toHaveLength(1);
    expect([...broken.contacts].sort()).toEqual(
      [world.ownerA.credentials.name, world.adminA.credentials.name].sort(),
    );
  });

  it("another organization's owner gets NOT_FOUND, and nothing for their own organization", async () => {
    expect(
      await outcome(
        world.ownerB.caller.integrations.connections.getBrokenConnections({ organizationId: orgId }),
      ),
    ).toBe("NOT_FOUND");
    const own = await world.ownerB.caller.integrations.connections.getBrokenConnections({
      organizationId: world.orgB.id,
    });
    expect(own.connections).toEqual([]);
  });

  it("a status reason shaped like a token is hidden in the banner too", async () => {
    await refuseNextRefresh();
    await app.db
      .update(integrationConnection)
      .set({
        statusReason: `Token refresh failed: HubSpot answered invalid_grant (Refresh token ${"x".repeat(40)} revoked).`,
      })
      .where(eq(integrationConnection.organizationId, orgId));
    const broken = await world.ownerA.caller.integrations.connections.getBrokenConnections({
      organizationId: orgId,
    });
    expect(broken.connections[0]?.reason).toBe(
      "Token refresh failed: HubSpot answered invalid_grant (Refresh token [hidden] revoked).",
    );
  });

  it("nothing once every connection works again", async () => {
    fake.refreshError = null;
    await connectHubSpot();
    const broken = await world.ownerA.caller.integrations.connections.getBrokenConnections({
      organizationId: orgId,
    });
    expect(broken.connections).toEqual([]);
  });
});
