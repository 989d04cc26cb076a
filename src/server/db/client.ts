// Opens the database: embedded PGlite (in a worker thread, pglite-thread.ts) in a data folder by default,
// PostgreSQL when a URL is given. Both speak the same SQL, so the rest of the server sees one Drizzle type.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { finished } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { PgListener } from "./pg-listener.ts";
import { PgliteThread } from "./pglite-thread.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | {
      kind: "pglite";
      dataDir: string | null /* null: in memory */;
      /** In memory only: start from this data folder image (PGlite's dumpDataDir, a tar) instead of initdb. */
      seed?: Uint8Array<ArrayBuffer>;
    };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseTarget["kind"];
  /** Runs `fn` while holding a cluster-wide lock, so replicas never migrate at once. */
  withMigrationLock<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  /**
   * Cross-replica signals (PostgreSQL LISTEN/NOTIFY): every process listening on `channel`, this one
   * included, receives each payload. Used to drop in-process caches when the data behind them changes.
   * `onReconnect` runs after the listening connection was lost and restored: payloads sent meanwhile
   * were missed, so whatever they would have invalidated must be.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `fn` in one transaction in plain SQL, for the bulk load Drizzle cannot express: COPY (the call
   * log, gateway/pipeline/call-recorder.ts). Commits when `fn` resolves, rolls back when it throws.
   */
  bulkTransaction<T>(fn: (tx: BulkTransaction) => Promise<T>): Promise<T>;
  /**
   * Where the job library (agents/schedules/job-queue.ts) keeps its queue: its own pool on the same
   * PostgreSQL, or the embedded database's one connection.
   */
  jobBackend: JobBackend;
  /** Whether cross-replica signals are being received now (readiness, observability/health.ts). */
  listening(): boolean;
  /** The PostgreSQL pool's connections (metrics); null on the embedded database, which has none. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

export type JobBackend =
  | { kind: "postgres"; url: string }
  | {
      kind: "pglite";
      client: {
        query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
        exec(sql: string): Promise<{ rows: unknown[] }[]>;
        listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
      };
    };

export interface BulkTransaction {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Loads CSV text (one row per line, no header, empty unquoted fields as NULL) with `copy <target>`;
   * resolves with the number of rows. `target` is a table and column list written in code, never input.
   */
  copyCsv(target: string, csv: string): Promise<number>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
function assertChannel(channel: string): void {
  // LISTEN takes an identifier, not a parameter: only plain names are accepted.
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

const MIGRATION_LOCK_ID = 727_274_201;

const warn = (message: string) => console.warn(`[database] ${message}`);

/** Where in DATA_DIR the embedded database keeps its files. */
const pgliteFolder = (dataDir: string) => path.resolve(dataDir, "pglite");

/** Whether DATA_DIR holds no embedded database yet: opening it runs initdb. */
export const isNewDataFolder = (dataDir: string) =>
  !existsSync(path.join(pgliteFolder(dataDir), "PG_VERSION"));

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // A connection the server closes (restart, pg_terminate_backend, network) emits 'error' on its
    // client, idle or in use; unheard, that was an uncaught exception that stopped the process. The
    // query it was running fails to its caller either way, and the pool opens a new connection.
    pool.on("error", (error) => warn(`a pooled connection was lost (${error.message})`));
    pool.on("connect", (client) => client.on("error", () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const listener = new PgListener(target.url, warn);
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
      async listen(channel, onPayload, onReconnect) {
        assertChannel(channel);
        await listener.listen(channel, onPayload, onReconnect);
      },
      async notify(channel, payload) {
        assertChannel(channel);
        await pool.query("select pg_notify($1, $2)", [channel, payload]);
      },
      async bulkTransaction(fn) {
        const client = await pool.connect();
        let connectionBroken = false;
        try {
          await client.query("begin");
          const result = await fn({
            query: async (sql, params) => ({ rows: (await client.query(sql, params)).rows }),
            async copyCsv(target, csv) {
              const copy = client.query(copyFrom(`copy ${target} from stdin with (format csv)`));
              copy.end(csv);
              await finished(copy);
              return copy.rowCount;
            },
          });
          await client.query("commit");
          return result;
        } catch (error) {
          await client.query("rollback").catch(() => {
            connectionBroken = true;
          });
          throw error;
        } finally {
          // A connection that could not even roll back is closed rather than returned to the pool.
          client.release(connectionBroken);
        }
      },
      jobBackend: { kind: "postgres", url: target.url },
      listening: () => listener.isConnected,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
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
