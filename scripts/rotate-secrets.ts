// npm run secrets:rotate — re-encrypts every stored secret with the current master key (the first of
// ENCRYPTION_KEYS) and prints counts. Safe while servers run on PostgreSQL: each row is rotated in its
// own short transaction. PGlite is a single-process database: stop the server before running this.
//
// Rotating a key: 1) put the new key first in ENCRYPTION_KEYS on every server, keeping the old one
// after it, and restart them; 2) run this; 3) when it reports no failures, remove the old key.
import { ConfigError, config } from "../src/server/config.ts";
import { resolveKeyring } from "../src/server/crypto/keyring.ts";
import { rotateSecrets } from "../src/server/crypto/rotate.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { applyMigrations } from "../src/server/db/migrate.ts";

try {
  const settings = config();
  const keyring = resolveKeyring(settings);
  const handle = await openDatabase(
    settings.databaseUrl
      ? { kind: "postgres", url: settings.databaseUrl }
      : { kind: "pglite", dataDir: settings.dataDir },
  );
  try {
    // A database that predates the secret tables gets them, so the walk below finds them.
    await applyMigrations(handle);
    console.log(
      `Re-encrypting with key "${keyring.currentKeyId}" (known keys: ${keyring.keyIds.join(", ")})`,
    );
    const results = await rotateSecrets(handle.db, keyring);
    let failures = 0;
    for (const { table, rotated, alreadyCurrent, failed } of results) {
      console.log(`${table}: ${rotated} rotated, ${alreadyCurrent} already current, ${failed.length} failed`);
      for (const { id, reason } of failed) console.log(`  ${table} ${id}: ${reason}`);
      failures += failed.length;
    }
    process.exitCode = failures > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
