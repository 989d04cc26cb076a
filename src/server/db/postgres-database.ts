// The database on a PostgreSQL server: a pool of 10, a listening connection for cross-replica signals
// (pg-listener.ts) and COPY through pg-copy-streams. Loaded only when DATABASE_URL is set (client.ts),
// so a server on the embedded database carries none of pg's modules.
import { finished } from "node:stream/promises";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import {
  assertChannel,
  type Database,
  type DatabaseHandle,
  MIGRATION_LOCK_ID,
  warn,
} from "./database-handle.ts";
import { PgListener } from "./pg-listener.ts";
import * as schema from "./schema/index.ts";

export function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A connection the server closes (restart, pg_terminate_backend, network) emits 'error' on its
  // client, idle or in use; unheard, that was an uncaught exception that stopped the process. The
  // query it was running fails to its caller either way, and the pool opens a new connection.
  pool.on("error", (error) => warn(`a pooled connection was lost (${error.message})`));
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const listener = new PgListener(url, warn);
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
    jobBackend: { kind: "postgres", url: url },
    listening: () => listener.isConnected,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
