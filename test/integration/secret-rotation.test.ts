// Key rotation: rows written under an old master key are re-encrypted with the current one, the
// command prints counts, and a row whose key is gone is reported instead of stopping the run.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "~/server/app.ts";
import { parseConfig } from "~/server/config.ts";
import { Keyring } from "~/server/crypto/envelope.ts";
import { formatKeyList, type MasterKey } from "~/server/crypto/key-format.ts";
import { rotateSecrets } from "~/server/crypto/rotate.ts";
import {
  GLOBAL,
  organizationOwner,
  readCredential,
  saveCredential,
} from "~/server/integrations/credentials/credential-store.ts";
import { callerFor, createTestApp, signUp, TEST_AUTH_SECRET } from "../support/app.ts";
import { createScratchDatabase } from "../support/database.ts";
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
  await saveCredential(
    app.db,
    app.keyring,
    owner,
    { provider: "exa", authFlow: "api-token", values: { mcpApiKey: "exa-secret" } },
    userId,
  );
  await saveCredential(
    app.db,
    app.keyring,
    owner,
    {
      provider: "raynet",
      authFlow: "api-token",
      values: { email: "a@b.co", apiKey: "raynet-secret", namespace: "acme" },
    },
    userId,
  );
  await saveCredential(
    app.db,
    app.keyring,
    GLOBAL,
    {
      provider: "hubspot",
      authFlow: "oauth",
      values: { clientId: "hub", clientSecret: "hubspot-secret", redirectUri: "https://p.example/cb" },
    },
    userId,
  );
  return { owner };
}

const keyIds = async (app: App) =>
  (
    (await app.db.execute(
      sql`select secret_key_id as k from integration_credential order by k`,
    )) as unknown as {
      rows: { k: string }[];
    }
  ).rows.map((row) => row.k);

describe("rotateSecrets", () => {
  let app: App;
  let owner: ReturnType<typeof organizationOwner>;

  beforeAll(async () => {
    app = await createTestApp({ ENCRYPTION_KEYS: formatKeyList([v1]) });
    ({ owner } = await seed(app));
  });
  afterAll(async () => {
    await app?.database.close();
  });

  it("re-encrypts old rows with the current key, then finds nothing left to do", async () => {
    expect(await keyIds(app)).toEqual(["v1", "v1", "v1"]);
    const rotated = await rotateSecrets(app.db, new Keyring([v2, v1]));
    expect(rotated).toEqual([{ table: "integration_credential", rotated: 3, alreadyCurrent: 0, failed: [] }]);
    expect(await keyIds(app)).toEqual(["v2", "v2", "v2"]);
    // The old key can now go: the new one alone reads everything.
    const onlyV2 = new Keyring([v2]);
    expect((await readCredential(app.db, onlyV2, owner, "exa", "api-token"))?.values).toEqual({
      mcpApiKey: "exa-secret",
    });
    expect((await readCredential(app.db, onlyV2, GLOBAL, "hubspot", "oauth"))?.values.clientSecret).toBe(
      "hubspot-secret",
    );
    const again = await rotateSecrets(app.db, new Keyring([v2, v1]));
    expect(again[0]).toMatchObject({ rotated: 0, alreadyCurrent: 3, failed: [] });
  });

  it("reports rows it cannot decrypt and carries on", async () => {
    const v3: MasterKey = { id: "v3", key: randomBytes(32) };
    await app.db.execute(
      sql`update integration_credential set secret = ${new Keyring([v3]).encrypt("{}", "elsewhere")}, secret_key_id = 'v3' where provider = 'exa'`,
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

      const run = spawnSync(
        path.join(root, "node_modules/.bin/node"),
        ["--experimental-transform-types", "--no-warnings", "scripts/rotate-secrets.ts"],
        {
          cwd: root,
          env: { PATH: process.env.PATH, ...env, ENCRYPTION_KEYS: formatKeyList([v2]) },
          encoding: "utf8",
          timeout: 60_000,
        },
      );
      expect(run.stderr).toBe("");
      expect(run.stdout).toContain(`Re-encrypting with key "v2" (known keys: v2, ${devKey})`);
      expect(run.stdout).toContain("integration_credential: 3 rotated, 0 already current, 0 failed");
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
