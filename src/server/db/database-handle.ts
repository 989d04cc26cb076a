// What the rest of the server sees of the database, whichever it is (client.ts opens it): one Drizzle
// type, cross-replica signals, a bulk-load door and the job library's backend.
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index.ts";

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
export function assertChannel(channel: string): void {
  // LISTEN takes an identifier, not a parameter: only plain names are accepted.
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

export const MIGRATION_LOCK_ID = 727_274_201;

export const warn = (message: string) => console.warn(`[database] ${message}`);
