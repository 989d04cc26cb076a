// Opens the database: embedded PGlite in a data folder by default, PostgreSQL when a URL is given.
// Both speak the same SQL, so the rest of the server sees one Drizzle type.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string | null /* null: in memory */ };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget["kind"];
  /** Runs `fn` while holding a cluster-wide lock, so replicas never migrate at once. */
  withMigrationLock<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const MIGRATION_LOCK_ID = 727_274_201;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      async withMigrationLock(fn) {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          return await fn(drizzlePg(client, { schema }) as unknown as Database);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (target.dataDir) {
    dataDir = path.resolve(target.dataDir, "pglite");
    mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    // PGlite is single-connection and single-process: there is nobody to race with.
    withMigrationLock: (fn) => fn(db),
    close: () => client.close(),
  };
}
