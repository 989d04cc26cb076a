// Issue 43 item 4: before a person is sent to a provider's sign-in page, its host must answer. HubSpot's
// authorize URL on a closed local port is refused in place with the cause (a refused connection), no
// connection row is left "Pending" and no authorization state is stored; a host that answers (the fake
// OAuth provider, whatever it says to a bare HEAD) lets the person go on, and only then is it Pending.

import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { integrationConnection, integrationOAuthState } from "~/server/db/schema/index.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { createTestApp } from "../support/app.ts";
import { buildWorld } from "./world.ts";

const HUBSPOT_APP = { clientId: "acme-hubspot-app", clientSecret: "acme-hubspot-secret-0123456789abcdef" };
const fake = await startFakeOAuthProvider({ clients: { [HUBSPOT_APP.clientId]: HUBSPOT_APP.clientSecret } });
// A loopback port that was just listening and is closed again: the connection is refused at once.
// (Port 9 would not do: fetch refuses it as a "bad port" before connecting.)
const closedPort = await new Promise<number>((resolve) => {
  const server = createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo;
    server.close(() => resolve(port));
  });
});
const closed = `http://127.0.0.1:${closedPort}/oauth/authorize`;

/** An app whose HubSpot sign-in page is at `authorizeUrl`, with the check on and an OAuth app saved. */
async function instanceWith(authorizeUrl: string) {
  const app = await createTestApp({
    OAUTH_HOST_CHECK: "true",
    INTEGRATION_ENDPOINTS: JSON.stringify({ hubspot: { authorizeUrl, tokenUrl: fake.tokenUrl } }),
  });
  const world = await buildWorld(app);
  const organizationId = world.orgA.id;
  await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
    organizationId,
    provider: "hubspot",
    authFlow: "oauth",
    values: { ...HUBSPOT_APP, redirectUri: `${app.config.baseUrl}/api/integrations/oauth/callback` },
  });
  return {
    app,
    start: () =>
      world.ownerA.caller.integrations.connections.startOAuth({ organizationId, integrationId: "hubspot" }),
    rows: () =>
      app.db
        .select()
        .from(integrationConnection)
        .where(eq(integrationConnection.organizationId, organizationId)),
  };
}

const down = await instanceWith(closed);
const up = await instanceWith(fake.authorizeUrl);
afterAll(async () => {
  await down.app.database.close();
  await up.app.database.close();
  await fake.close();
});

describe("starting OAuth checks the sign-in host first", () => {
  it("an unreachable host is said in place, with its cause, and nothing waits Pending", async () => {
    const error = await down.start().then(
      () => null,
      (failure: { code?: string; message?: string }) => ({ code: failure.code, message: failure.message }),
    );
    expect(error).toEqual({
      code: "BAD_REQUEST",
      message: `HubSpot's sign-in page could not be reached: 127.0.0.1:${closedPort} refused the connection (nothing listens there). Nothing was changed; try again later, or ask your administrator to check the server's network.`,
    });
    expect(await down.rows()).toEqual([]);
    expect(await down.app.db.select().from(integrationOAuthState)).toEqual([]);
  });

  it("a host that answers lets the person go on, and only then is the connection Pending", async () => {
    const { authorizeUrl } = await up.start();
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(fake.authorizeUrl);
    expect(url.searchParams.get("client_id")).toBe(HUBSPOT_APP.clientId);
    expect((await up.rows()).map((row) => row.status)).toEqual(["pending"]);
  });
});
