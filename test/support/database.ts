// Test databases: a fresh in-memory PGlite per call, or — when DATABASE_URL is set — a fresh database
// on that PostgreSQL server, so the same suite runs against both and tests never share rows.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "~/server/db/client.ts";
import { applyMigrations } from "~/server/db/migrate.ts";
import { migratedPgliteImage, migratedPostgresTemplate } from "./template-database.ts";

const PREFIX = "portico_t_";
// Databases left behind by a killed test run are swept once they are this old.
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withAdminClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // pool.end() resolves before the server has seen its connections close; terminating them mid-close
  // surfaces in the test process as unhandled "terminating connection" errors. Give them a moment.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1",
      [name],
    );
    if ((rows[0]?.n ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A pool that did not close cleanly would otherwise block DROP DATABASE.
  await client.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
  await client.query(`drop database if exists "${name}"`);
}

async function sweepStale(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    "select datname from pg_database where datname like $1",
    [`${PREFIX}%`],
  );
  for (const { datname } of rows) {
    const createdAt = Number.parseInt(datname.slice(PREFIX.length).split("_")[0] ?? "", 36);
    if (Number.isFinite(createdAt) && Date.now() - createdAt > STALE_AFTER_MS) {
      await dropDatabase(client, datname).catch(() => undefined);
    }
  }
}

/**
 * Creates a uniquely named database on the server of `serverUrl` (e.g. DATABASE_URL): empty, or a copy
 * of the database named `template`.
 */
export async function createScratchDatabase(serverUrl: string, template?: string): Promise<ScratchDatabase> {
  // The creation time in the name lets a later run sweep what a killed run left behind.
  const name = `${PREFIX}${Date.now().toString(36)}_${randomBytes(5).toString("hex")}`;
  await withAdminClient(serverUrl, async (client) => {
    await sweepStale(client);
    await client.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdminClient(serverUrl, (client) => dropDatabase(client, name));
    },
  };
}

/**
 * A database with the migrations `migrate` applies (all of drizzle/ by default; a migration test passes
 * its own steps); `close()` also drops it when it lives on a PostgreSQL server. With all of drizzle/,
 * it is a copy of the run's migrated template (template-database.global.ts), and `migrate` finds
 * nothing left to apply.
 */
export async function createTestDatabase(
  migrate?: (handle: DatabaseHandle) => Promise<void>,
): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const seed = migrate ? undefined : migratedPgliteImage();
    const handle = await openDatabase({ kind: "pglite", dataDir: null, seed });
    await (migrate ?? applyMigrations)(handle);
    return handle;
  }
  const scratch = await createScratchDatabase(serverUrl, migrate ? undefined : migratedPostgresTemplate());
  const handle = await openDatabase({ kind: "postgres", url: scratch.url });
  try {
    await (migrate ?? applyMigrations)(handle);
  } catch (error) {
    await handle.close();
    await scratch.drop();
    throw error;
  }
  return {
    ...handle,
    async close() {
      try {
        await handle.close();
      } finally {
        await scratch.drop();
      }
    },
  };
}
