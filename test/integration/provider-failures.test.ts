// Provider failures say what failed (issue 43): a credential check that cannot reach the provider
// names the cause (connection refused here; DNS and timeouts in network-failure.test.ts), and one the
// provider answers with an error carries its HTTP status and the provider's own message. Raynet (a
// fixed address: no "check the address") and Exa (an MCP server) both, against local fakes.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { integrationConnection } from "~/server/db/schema/index.ts";
import { STATE_TTL_MS } from "~/server/integrations/oauth/pending-authorization.ts";
import { json, startHttpFake } from "../fakes/http-fake.ts";
import { worldForFile } from "./world.ts";

let answer: (path: string) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
const provider = await startHttpFake((request, response) => {
  const { status, body } = answer(request.path);
  json(response, status, body);
});
const closed = await startHttpFake((_request, response) => json(response, 200, {}));
await closed.close();
afterAll(() => provider.close());

const { app, world } = await worldForFile({
  ALLOW_PRIVATE_URLS: "true",
  INTEGRATION_ENDPOINTS: JSON.stringify({
    raynet: { apiBaseUrl: `${provider.url}/api/v2` },
    exa: { mcpUrl: `${closed.url}/mcp` },
  }),
});

const raynet = {
  organizationId: world.orgA.id,
  provider: "raynet" as const,
  authFlow: "api-token" as const,
  values: { email: "ops@acme.test", apiKey: "raynet-key", namespace: "acme" },
};

describe("a credential check that fails", () => {
  it("gives the provider's HTTP status and message", async () => {
    answer = () => ({ status: 503, body: { success: false, message: "Instance acme is under maintenance" } });
    await expect(
      world.ownerA.caller.integrations.credentials.saveOrganizationCredential(raynet),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message:
        'Raynet could not check these credentials: it answered HTTP 503 ("Instance acme is under maintenance"). Try again in a few minutes.',
    });
  });

  it("gives the status and message of a refusal too", async () => {
    answer = () => ({ status: 401, body: { message: "Invalid API key" } });
    await expect(
      world.ownerA.caller.integrations.credentials.saveOrganizationCredential(raynet),
    ).rejects.toMatchObject({
      message:
        'Raynet refused these credentials (HTTP 401 ("Invalid API key")): check that the key or secret was copied whole and is still valid.',
    });
  });

  it("names a refused connection, without asking to check an address nobody typed", async () => {
    const failure = world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
      organizationId: world.orgA.id,
      provider: "exa",
      authFlow: "api-token",
      values: { mcpApiKey: "exa-key-0123456789" },
    });
    const host = new URL(closed.url).host;
    await expect(failure).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: `Portico could not reach Exa to check these credentials: ${host} refused the connection (nothing listens there). Try again in a few minutes.`,
    });
    const { credentials } = await world.ownerA.caller.integrations.credentials.getOrganizationCredentials({
      organizationId: world.orgA.id,
    });
    expect(credentials.map((c) => c.provider)).not.toContain("exa");
  });
});

describe("a pending OAuth connection that never came back", () => {
  it("expires with a reason once its authorization can no longer complete", async () => {
    const [pending] = await app.db
      .insert(integrationConnection)
      .values({
        organizationId: world.orgA.id,
        provider: "hubspot",
        authFlow: "oauth",
        status: "pending",
        statusReason: "Waiting for authorization at HubSpot.",
        updatedAt: new Date(Date.now() - STATE_TTL_MS / 2),
      })
      .returning();
    const list = () =>
      world.adminA.caller.integrations.connections.getOrganizationConnections({
        organizationId: world.orgA.id,
      });
    // Within the authorization's lifetime it is still waiting.
    expect((await list()).find((c) => c.id === pending?.id)?.status).toBe("pending");

    await app.db
      .update(integrationConnection)
      .set({ updatedAt: new Date(Date.now() - STATE_TTL_MS - 1000) })
      .where(eq(integrationConnection.id, pending?.id ?? ""));
    const expired = (await list()).find((c) => c.id === pending?.id);
    expect(expired).toMatchObject({
      status: "error",
      statusReason:
        "The authorization at HubSpot was not completed within 10 minutes (nobody came back from its sign-in page, or it could not be reached). Connect again.",
    });
  });
});
