// node scripts/prune-audit-log.ts [days] — deletes audit events older than the retention (a year by
// default, lib/audit-actions.ts) and prints how many. The server already does this daily with the default;
// the script is for another retention or a one-off. Safe while
// servers run on PostgreSQL (one DELETE); PGlite is a single-process database: stop the server first.
import { AUDIT_LOG_RETENTION_DAYS_DEFAULT } from "../src/lib/audit-actions.ts";
import { pruneAuditEvents } from "../src/server/audit/retention.ts";
import { ConfigError, config } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import { applyMigrations } from "../src/server/db/migrate.ts";

try {
  const retentionDays = Number(process.argv[2] ?? AUDIT_LOG_RETENTION_DAYS_DEFAULT);
  const settings = config();
  const handle = await openDatabase(
    settings.databaseUrl
      ? { kind: "postgres", url: settings.databaseUrl }
      : { kind: "pglite", dataDir: settings.dataDir },
  );
  try {
    await applyMigrations(handle);
    const deleted = await pruneAuditEvents(handle.db, { retentionDays });
    console.log(`Deleted ${deleted} audit events older than ${retentionDays} days`);
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
