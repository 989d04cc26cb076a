// Two Portico servers on one PostgreSQL database (two app instances here, each with its own pool and
// in-process state, like two replicas): an expired token hit by 50 concurrent calls spread over both is
// refreshed exactly once, because the refresh holds the connection's row lock. PostgreSQL only: PGlite
// is a single-process database, so it cannot have replicas.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "~/server/app.ts";
import type { App } from "~/server/app-services.ts";
import { parseConfig } from "~/server/config.ts";
import { formatKeyList } from "~/server/crypto/key-format.ts";
import { openDatabase } from "~/server/db/client.ts";
import { integrationConnection } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { getAccessToken } from "~/server/integrations/connections/access-token.ts";
import { type FakeOAuthProvider, startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { callerFor, headersFor, signUp, TEST_AUTH_SECRET, TEST_BASE_URL } from "../support/app.ts";
import { createScratchDatabase, type ScratchDatabase } from "../support/database.ts";
import { newUser } from "../support/users.ts";

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)("token refresh across replicas (PostgreSQL)", () => {
  let scratch: ScratchDatabase;
  let replicas: App[] = [];
  let fake: FakeOAuthProvider;
  let organizationId = "";

  beforeAll(async () => {
    fake = await startFakeOAuthProvider({ clients: { app: "app-secret-123" }, expiresIn: 3600 });
    scratch = await createScratchDatabase(serverUrl ?? "");
    const config = parseConfig({
      APP_ENV: "test",
      BASE_URL: TEST_BASE_URL,
      BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
      DATA_DIR: "/nonexistent-not-used",
      ENCRYPTION_KEYS: formatKeyList([{ id: "shared", key: randomBytes(32) }]),
      INTEGRATION_ENDPOINTS: JSON.stringify({
        hubspot: { authorizeUrl: fake.authorizeUrl, tokenUrl: fake.tokenUrl },
      }),
    });
    for (let i = 0; i < 2; i += 1) {
      replicas.push(await createApp(config, await openDatabase({ kind: "postgres", url: scratch.url })));
    }
    const [first] = replicas;
    if (!first) throw new Error("no replica");
    const cookie = await signUp(first, newUser("replica-owner"));
    const caller = callerFor(first, cookie);
    organizationId = (await caller.organization.create({ name: "Replicated" })).id;
    await caller.integrations.credentials.saveOrganizationCredential({
      organizationId,
      provider: "hubspot",
      authFlow: "oauth",
      values: {
        clientId: "app",
        clientSecret: "app-secret-123",
        redirectUri: `${TEST_BASE_URL}/api/integrations/oauth/callback`,
      },
    });
    const { authorizeUrl } = await caller.integrations.connections.startOAuth({
      organizationId,
      integrationId: "hubspot",
    });
    const location = await fake.approve(authorizeUrl);
    const response = await handleApiRequest(
      first,
      new Request(location, { headers: headersFor(cookie) }),
      new URL(location).pathname,
    );
    expect(response?.status).toBe(302);
  });

  afterAll(async () => {
    for (const replica of replicas) await replica.database.close();
    replicas = [];
    await scratch?.drop();
    await fake?.close();
  });

  it("50 concurrent calls over two replicas → exactly one refresh request", async () => {
    const [first, second] = replicas;
    if (!first || !second) throw new Error("no replicas");
    await first.db
      .update(integrationConnection)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(sql`${integrationConnection.organizationId} = ${organizationId}`);
    fake.refreshDelayMs = 500;
    const tokens = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        getAccessToken(i % 2 === 0 ? first : second, organizationId, "hubspot"),
      ),
    );
    expect(fake.refreshRequests).toHaveLength(1);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toBe(fake.issued.at(-1));
  });
});
