// Opens the database: embedded PGlite (in a worker thread, pglite-thread.ts) in a data folder by default,
// PostgreSQL when a URL is given. Both speak the same SQL, so the rest of the server sees one Drizzle type.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { assertChannel, type Database, type DatabaseHandle, type DatabaseTarget } from "./database-handle.ts";
import { PgliteThread } from "./pglite-thread.ts";
import * as schema from "./schema/index.ts";

export type {
  BulkTransaction,
  Database,
  DatabaseHandle,
  DatabaseTarget,
  JobBackend,
  Schema,
} from "./database-handle.ts";

/** Where in DATA_DIR the embedded database keeps its files. */
const pgliteFolder = (dataDir: string) => path.resolve(dataDir, "pglite");

/** Whether DATA_DIR holds no embedded database yet: opening it runs initdb. */
export const isNewDataFolder = (dataDir: string) =>
  !existsSync(path.join(pgliteFolder(dataDir), "PG_VERSION"));

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  // Imported only here: an embedded-database server never loads pg (~3 MB of heap).
  if (target.kind === "postgres") return (await import("./postgres-database.ts")).openPostgres(target.url);
  let dataDir: string | undefined;
  if (target.dataDir) {
    dataDir = pgliteFolder(target.dataDir);
    mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  // A new folder is opened twice: initdb runs in the first start and grows PGlite's WebAssembly memory,
  // which never shrinks (~155 MB resident after the first start against ~50 MB for a later one, issue
  // 46). Ending that thread gives it all back; the second start opens the folder as every later start
  // does (pglite-worker.ts: an existing database, 32 MB buffer pool). About a second more, once.
  // `npm start` goes further and makes a new folder in a process of its own (server.ts,
  // makesNewDataFolder): the compiled code and allocator memory initdb leaves go back only with a process.
  if (target.dataDir && isNewDataFolder(target.dataDir)) {
    const initdb = new PgliteThread(dataDir);
    await initdb.ready();
    await initdb.close();
  }
  const client = new PgliteThread(dataDir, dataDir === undefined ? target.seed : undefined);
  await client.ready();
  // Drizzle's PGlite session calls only query() and transaction(), which the thread's client offers.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    // PGlite is single-connection and single-process: there is nobody to race with.
    withMigrationLock: (fn) => fn(db),
    async listen(channel, onPayload) {
      assertChannel(channel);
      await client.listen(channel, onPayload);
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    bulkTransaction: (fn) =>
      client.transaction((tx) =>
        fn({
          query: async (sql, params) => ({
            rows: (await tx.query(sql, params)).rows as Record<string, unknown>[],
          }),
          async copyCsv(target, csv) {
            const copy = `copy ${target} from '/dev/blob' with (format csv)`;
            return (await tx.query(copy, [], { blob: csv })).affectedRows ?? 0;
          },
        }),
      ),
    jobBackend: { kind: "pglite", client },
    // Notifications come from the database thread itself: received while it is alive.
    listening: () => client.alive,
    poolStats: () => null,
    close: () => client.close(),
  };
}
