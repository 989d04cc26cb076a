// Opens the database: embedded PGlite (in a worker thread, pglite-thread.ts) in a data folder by default,
// PostgreSQL when a URL is given. Both speak the same SQL, so the rest of the server sees one Drizzle type.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { PgliteThread } from "./pglite-thread.ts";
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
  /**
   * Cross-replica signals (PostgreSQL LISTEN/NOTIFY): every process listening on `channel`, this one
   * included, receives each payload. Used to drop in-process caches when the data behind them changes.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
function assertChannel(channel: string): void {
  // LISTEN takes an identifier, not a parameter: only plain names are accepted.
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

const MIGRATION_LOCK_ID = 727_274_201;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    let listener: Promise<pg.Client> | undefined;
    const handlers = new Map<string, Array<(payload: string) => void>>();
    const connectListener = async () => {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      client.on("notification", (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? "");
      });
      return client;
    };
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
      async listen(channel, onPayload) {
        assertChannel(channel);
        listener ??= connectListener();
        const client = await listener;
        const existing = handlers.get(channel);
        if (existing) existing.push(onPayload);
        else {
          handlers.set(channel, [onPayload]);
          await client.query(`listen ${channel}`);
        }
      },
      async notify(channel, payload) {
        assertChannel(channel);
        await pool.query("select pg_notify($1, $2)", [channel, payload]);
      },
      async close() {
        if (listener) await (await listener).end();
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (target.dataDir) {
    dataDir = path.resolve(target.dataDir, "pglite");
    mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  const client = new PgliteThread(dataDir);
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
    close: () => client.close(),
  };
}
