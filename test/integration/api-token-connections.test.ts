// API-token connections: checked with a cheap call before saving (a refused or unreachable provider
// saves nothing), active once accepted, re-checked on request, inactive when their credential goes.
import { afterAll, describe, expect, it } from "vitest";
import { findConnection } from "~/server/integrations/connections/connection-store.ts";
import { basicAuth, startFakeApiProvider } from "../fakes/api-provider.ts";
import { json, startHttpFake } from "../fakes/http-fake.ts";
import { dumpDatabase } from "../support/dump.ts";
import { worldForFile } from "./world.ts";

// With the fake's status and its own words (issue 43: say what failed).
const RAYNET_REFUSED =
  'Raynet refused these credentials (HTTP 401 ("unauthorized")): check that the key or secret was copied whole and is still valid.';

const raynetApi = await startFakeApiProvider(
  (request) =>
    request.headers.authorization === basicAuth("ops@acme.test", "raynet-good-key") &&
    request.headers["x-instance-name"] === "acme",
);
afterAll(() => raynetApi.close());
const { app, world } = await worldForFile({
  // Caflou's base URL is user-given: reaching a 127.0.0.1 fake needs private addresses allowed.
  ALLOW_PRIVATE_URLS: "true",
  INTEGRATION_ENDPOINTS: JSON.stringify({ raynet: { apiBaseUrl: `${raynetApi.url}/api/v2` } }),
});

const statusOf = async (organizationId: string, provider: "raynet") => {
  const row = await findConnection(app.db, organizationId, provider);
  return { status: row?.status, reason: row?.statusReason ?? null };
};

async function freshOrganization(name: string) {
  const created = await world.ownerB.caller.organization.create({ name });
  return { orgC: created.id, owner: world.ownerB };
}

describe("API-token connections", () => {
  const raynet = (apiKey: string) => ({
    organizationId: world.orgA.id,
    provider: "raynet" as const,
    authFlow: "api-token" as const,
    values: { email: "ops@acme.test", apiKey, namespace: "acme" },
  });

  it("are checked with a cheap call before saving; a refused key saves nothing", async () => {
    await expect(
      world.ownerA.caller.integrations.credentials.saveOrganizationCredential(raynet("raynet-bad-key")),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: RAYNET_REFUSED });
    const { credentials } = await world.ownerA.caller.integrations.credentials.getOrganizationCredentials({
      organizationId: world.orgA.id,
    });
    expect(credentials.some((c) => c.provider === "raynet")).toBe(false);
    expect(raynetApi.requests.at(-1)?.path).toBe("/api/v2/company/");
  });

  it("become the active connection once the provider accepts them, and re-check on request", async () => {
    await world.ownerA.caller.integrations.credentials.saveOrganizationCredential(raynet("raynet-good-key"));
    expect(await statusOf(world.orgA.id, "raynet")).toEqual({ status: "active", reason: null });
    const dump = await dumpDatabase(app.db);
    expect(dump).toContain("integration_connection");
    expect(dump).not.toContain("raynet-good-key");
    const accepts = raynetApi.accepts;
    raynetApi.accepts = () => false;
    const view = await world.adminA.caller.integrations.connections.recheck({
      organizationId: world.orgA.id,
      provider: "raynet",
    });
    expect(view).toMatchObject({
      status: "error",
      statusReason: RAYNET_REFUSED,
    });
    raynetApi.accepts = accepts;
    const again = await world.adminA.caller.integrations.connections.recheck({
      organizationId: world.orgA.id,
      provider: "raynet",
    });
    expect(again).toMatchObject({ status: "active", statusReason: null });
  });

  it("turn inactive when their credential is removed", async () => {
    const { credentials } = await world.ownerA.caller.integrations.credentials.getOrganizationCredentials({
      organizationId: world.orgA.id,
    });
    const credential = credentials.find((c) => c.provider === "raynet");
    await world.ownerA.caller.integrations.credentials.deleteOrganizationCredential({
      organizationId: world.orgA.id,
      credentialId: credential?.id ?? "",
    });
    expect(await statusOf(world.orgA.id, "raynet")).toEqual({
      status: "inactive",
      reason: "The credentials this connection used were removed.",
    });
  });

  it("reports an unreachable provider instead of failing", async () => {
    const closed = await startFakeApiProvider(() => true);
    await closed.close();
    const { orgC, owner } = await freshOrganization("Unreachable Org");
    await expect(
      owner.caller.integrations.credentials.saveOrganizationCredential({
        organizationId: orgC,
        provider: "caflou",
        authFlow: "api-token",
        values: { email: "ops@acme.test", password: "p", accountId: "1", baseUrl: closed.url },
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: `Portico could not reach Caflou to check these credentials: ${new URL(closed.url).host} refused the connection (nothing listens there). Check the address, or try again in a few minutes.`,
    });
  });

  it("says what Caflou's login answered when it fails, with the provider's message", async () => {
    const caflou = await startHttpFake((request, response) =>
      request.path === "/api/v1/login"
        ? json(response, 503, { message: "Maintenance until 14:00" })
        : json(response, 404, {}),
    );
    const { orgC, owner } = await freshOrganization("Login Down Org");
    await expect(
      owner.caller.integrations.credentials.saveOrganizationCredential({
        organizationId: orgC,
        provider: "caflou",
        authFlow: "api-token",
        values: { email: "ops@acme.test", password: "p", accountId: "1", baseUrl: caflou.url },
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message:
        'Caflou could not check these credentials: it answered HTTP 503 ("Maintenance until 14:00") to the login. Try again in a few minutes.',
    });
    await caflou.close();
  });

  it("says when the account id is not one the credentials belong to", async () => {
    // Caflou's API answers 404 under an account the user does not belong to (after its login).
    const caflou = await startHttpFake((request, response) =>
      request.path === "/api/v1/login"
        ? json(response, 200, { access_token: "t" })
        : request.path.startsWith("/api/v1/4711/")
          ? json(response, 200, { data: [] })
          : json(response, 404, {}),
    );
    const { orgC, owner } = await freshOrganization("Wrong Account Org");
    const save = (accountId: string) =>
      owner.caller.integrations.credentials.saveOrganizationCredential({
        organizationId: orgC,
        provider: "caflou",
        authFlow: "api-token",
        values: { email: "ops@acme.test", password: "p", accountId, baseUrl: caflou.url },
      });
    await expect(save("9999")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message:
        "Caflou does not know this Account ID for these credentials: check that it is the account or site they belong to.",
    });
    await expect(save("4711")).resolves.toMatchObject({ provider: "caflou" });
    await caflou.close();
  });
});
