// Key rotation: rows written under an old master key are re-encrypted with the current one, the
// command prints counts, and a row whose key is gone is reported instead of stopping the run.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openApiKey, sealApiKey } from "~/server/agents/credentials/llm-secret.ts";
import { createApp } from "~/server/app.ts";
import type { App } from "~/server/app-services.ts";
import { openWebhookSecret, sealWebhookSecret } from "~/server/builder-webhooks/endpoint-secret.ts";
import { parseConfig } from "~/server/config.ts";
import { Keyring } from "~/server/crypto/envelope.ts";
import { formatKeyList, type MasterKey } from "~/server/crypto/key-format.ts";
import { rotateSecrets } from "~/server/crypto/rotate.ts";
import { llmCredential, webhookEndpoint } from "~/server/db/schema/index.ts";
import {
  findConnection,
  openTokens,
  sealTokens,
  upsertConnection,
} from "~/server/integrations/connections/connection-store.ts";
import {
  GLOBAL,
  organizationOwner,
  readCredential,
  saveCredential,
} from "~/server/integrations/credentials/credential-store.ts";
import { callerFor, signUp, TEST_AUTH_SECRET } from "../support/app.ts";
import { createScratchDatabase } from "../support/database.ts";
import { appForFile } from "../support/fixture.ts";
import { newUser } from "../support/users.ts";

const root = path.resolve(import.meta.dirname, "../..");
const v1: MasterKey = { id: "v1", key: randomBytes(32) };
const v2: MasterKey = { id: "v2", key: randomBytes(32) };

async function seed(app: App) {
  const cookie = await signUp(app, newUser("rotator"));
  const caller = callerFor(app, cookie);
  const userId = (await caller.user.getInfo()).id;
  const organization = await caller.organization.create({ name: "Rotation Org" });
  const owner = organizationOwner(organization.id);
  const app1 = { clientId: "acme", clientSecret: "google-secret", redirectUri: "https://p.example/cb" };
  const google = await saveCredential(
    app,
    owner,
    { provider: "google", authFlow: "oauth", values: app1 },
    userId,
  );
  await saveCredential(
    app,
    owner,
    { provider: "salesforce", authFlow: "oauth", values: { ...app1, clientSecret: "salesforce-secret" } },
    userId,
  );
  // A connection holding tokens, as the OAuth callback stores it.
  await upsertConnection(app.db, {
    organizationId: organization.id,
    provider: "google",
    authFlow: "oauth",
    status: "active",
    credentialId: google.id,
    ...sealTokens(
      app.keyring,
      { organizationId: organization.id, provider: "google", ownerUserId: null },
      {
        accessToken: "access-secret",
        refreshToken: "refresh-secret",
      },
    ),
  });
  await saveCredential(
    app,
    GLOBAL,
    {
      provider: "hubspot",
      authFlow: "oauth",
      values: { clientId: "hub", clientSecret: "hubspot-secret", redirectUri: "https://p.example/cb" },
    },
    userId,
  );
  const llmId = crypto.randomUUID();
  await app.db.insert(llmCredential).values({
    id: llmId,
    scope: "organization",
    organizationId: organization.id,
    name: "OpenAI",
    llmType: "openai",
    ...sealApiKey(app.keyring, llmId, "sk-rotation-0123456789"),
  });
  // A webhook endpoint's signing secret (builder-webhooks/endpoint-secret.ts).
  await app.db.insert(webhookEndpoint).values({
    id: "whe_rotation",
    organizationId: organization.id,
    url: "https://hooks.example.test/portico",
    eventTypes: ["connection.broken"],
    ...sealWebhookSecret(app.keyring, "whe_rotation", "whsec_cm90YXRpb24tc2VjcmV0LTAxMjM0NTY3"),
  });
  return { owner, organizationId: organization.id };
}

const keyIds = async (app: App) =>
  (
    (await app.db.execute(
      sql`select secret_key_id as k from integration_credential order by k`,
    )) as unknown as {
      rows: { k: string }[];
    }
  ).rows.map((row) => row.k);

const app = await appForFile({ ENCRYPTION_KEYS: formatKeyList([v1]) });
const { owner, organizationId } = await seed(app);

describe("rotateSecrets", () => {
  it("re-encrypts old rows with the current key, then finds nothing left to do", async () => {
    expect(await keyIds(app)).toEqual(["v1", "v1", "v1"]);
    const rotated = await rotateSecrets(app.db, new Keyring([v2, v1]));
    expect(rotated).toEqual([
      { table: "integration_credential", rotated: 3, alreadyCurrent: 0, failed: [] },
      { table: "integration_connection", rotated: 1, alreadyCurrent: 0, failed: [] },
      { table: "integration_oauth_state", rotated: 0, alreadyCurrent: 0, failed: [] },
      { table: "llm_credential", rotated: 1, alreadyCurrent: 0, failed: [] },
      { table: "webhook_endpoint", rotated: 1, alreadyCurrent: 0, failed: [] },
    ]);
    expect(await keyIds(app)).toEqual(["v2", "v2", "v2"]);
    const [endpoint] = await app.db.select().from(webhookEndpoint);
    expect(endpoint && openWebhookSecret(new Keyring([v2]), endpoint)).toBe(
      "whsec_cm90YXRpb24tc2VjcmV0LTAxMjM0NTY3",
    );
    // The old key can now go: the new one alone reads everything.
    const onlyV2 = new Keyring([v2]);
    expect((await readCredential(app.db, onlyV2, owner, "google", "oauth"))?.values.clientSecret).toBe(
      "google-secret",
    );
    const connection = await findConnection(app.db, organizationId, "google");
    expect(connection && openTokens(onlyV2, connection)).toEqual({
      accessToken: "access-secret",
      refreshToken: "refresh-secret",
    });
    expect((await readCredential(app.db, onlyV2, GLOBAL, "hubspot", "oauth"))?.values.clientSecret).toBe(
      "hubspot-secret",
    );
    const [llm] = await app.db.select().from(llmCredential);
    expect(llm?.secretKeyId).toBe("v2");
    expect(llm && openApiKey(onlyV2, llm)).toBe("sk-rotation-0123456789");
    const again = await rotateSecrets(app.db, new Keyring([v2, v1]));
    expect(again[0]).toMatchObject({ rotated: 0, alreadyCurrent: 3, failed: [] });
    expect(again[1]).toMatchObject({ rotated: 0, alreadyCurrent: 1, failed: [] });
  });

  it("reports rows it cannot decrypt and carries on", async () => {
    const v3: MasterKey = { id: "v3", key: randomBytes(32) };
    await app.db.execute(
      sql`update integration_credential set secret = ${new Keyring([v3]).encrypt("{}", "elsewhere")}, secret_key_id = 'v3' where provider = 'salesforce'`,
    );
    const v4: MasterKey = { id: "v4", key: randomBytes(32) };
    const [result] = await rotateSecrets(app.db, new Keyring([v4, v2]));
    expect(result?.rotated).toBe(2);
    expect(result?.failed).toHaveLength(1);
    expect(result?.failed[0]?.reason).toBe(
      'Secret is encrypted with key "v3", which is not in ENCRYPTION_KEYS',
    );
  });
});

describe("npm run secrets:rotate", () => {
  it("rotates a stopped instance's database and prints counts", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "portico-rotate-"));
    const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
    const env = {
      APP_ENV: "test",
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
    try {
      // First run without ENCRYPTION_KEYS: rows use the generated development key.
      const app = await createApp(parseConfig(env));
      await seed(app);
      const devKey = app.keyring.currentKeyId;
      await app.database.close();

      const run = spawnSync(path.join(root, "node_modules/.bin/node"), ["scripts/rotate-secrets.ts"], {
        cwd: root,
        env: { PATH: process.env.PATH, ...env, ENCRYPTION_KEYS: formatKeyList([v2]) },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(run.stderr).toBe("");
      expect(run.stdout).toContain(`Re-encrypting with key "v2" (known keys: v2, ${devKey})`);
      expect(run.stdout).toContain("integration_credential: 3 rotated, 0 already current, 0 failed");
      expect(run.stdout).toContain("integration_connection: 1 rotated, 0 already current, 0 failed");
      expect(run.stdout).toContain("llm_credential: 1 rotated, 0 already current, 0 failed");
      expect(run.status).toBe(0);

      const reopened = await createApp(parseConfig({ ...env, ENCRYPTION_KEYS: formatKeyList([v2]) }));
      expect(await keyIds(reopened)).toEqual(["v2", "v2", "v2"]);
      await reopened.database.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  }, 90_000);
});
