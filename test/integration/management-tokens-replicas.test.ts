// Management tokens across two replicas on one PostgreSQL database: a token cached on one replica stops
// there the moment it is revoked on the other (NOTIFY), well inside the cache's 30 s.
// PostgreSQL only: PGlite is one process.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "~/server/app.ts";
import type { App } from "~/server/app-services.ts";
import { parseConfig } from "~/server/config.ts";
import { formatKeyList } from "~/server/crypto/key-format.ts";
import { openDatabase } from "~/server/db/client.ts";
import { authenticateManagementToken } from "~/server/manage-tokens/index.ts";
import { TEST_AUTH_SECRET, TEST_BASE_URL } from "../support/app.ts";
import { createScratchDatabase } from "../support/database.ts";
import { buildWorld } from "./world.ts";

const serverUrl = process.env.DATABASE_URL;

async function replicas() {
  const scratch = await createScratchDatabase(serverUrl ?? "");
  const dataDir = mkdtempSync(path.join(tmpdir(), "portico-management-tokens-replicas-"));
  const config = parseConfig({
    APP_ENV: "test",
    BASE_URL: TEST_BASE_URL,
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDir,
    ENCRYPTION_KEYS: formatKeyList([{ id: "shared", key: randomBytes(32) }]),
  });
  const apps: App[] = [];
  const start = async () => {
    const app = await createApp(config, await openDatabase({ kind: "postgres", url: scratch.url }));
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    for (const app of apps) {
      await app.gateway.stop();
      await app.database.close();
    }
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const first = await start();
  const second = await start();
  return { first, second, world: await buildWorld(first) };
}

const setup = serverUrl ? await replicas() : null;

describe.skipIf(!setup)("management tokens across replicas (PostgreSQL)", () => {
  if (!setup) return;
  const { first, second, world } = setup;
  const organizationId = world.orgA.id;

  it("a token revoked on one replica is refused at once on the other, where it was cached", async () => {
    const token = await world.ownerA.caller.managementTokens.create({
      organizationId,
      name: "Backend",
      scopes: ["read"],
    });
    expect(await authenticateManagementToken(second, token.secret)).toMatchObject({ tokenId: token.id });
    await world.ownerA.caller.managementTokens.revoke({ organizationId, tokenId: token.id });
    // The notification travels through the database: within moments, far inside the 30 s cache.
    await expect
      .poll(() => authenticateManagementToken(second, token.secret), { timeout: 5000, interval: 50 })
      .toBeNull();
    expect(await authenticateManagementToken(first, token.secret)).toBeNull();
  });
});
