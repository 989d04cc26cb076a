// Vitest global setup: migrates one template database per run, which test databases and test servers
// then copy instead of running initdb and 44 migrations each (~3 s a database, ~8 s a server start on
// this loaded machine). On PGlite, a data folder (servers get a copy of it as DATA_DIR) and its image
// (loaded in memory by createTestDatabase); on PostgreSQL, a database that CREATE DATABASE copies.
// Tests that migrate in steps of their own, or pass a data folder of their own, start empty. The locations reach
// the test processes through the environment, which they inherit from this one.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { openDatabase } from "~/server/db/client.ts";
import { applyMigrations, migrationsFolder } from "~/server/db/migrate.ts";
import { createScratchDatabase } from "./database.ts";
import { TEMPLATE_ENV } from "./template-database.ts";

async function pgliteTemplate(): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(tmpdir(), "portico-template-"));
  const dataDir = path.join(folder, "data");
  await mkdir(dataDir);
  // The server keeps PGlite in DATA_DIR/pglite (server/db/client.ts).
  const pglite = await PGlite.create(path.join(dataDir, "pglite"));
  await migrate(drizzle(pglite), { migrationsFolder });
  const image = new Uint8Array(await (await pglite.dumpDataDir("none")).arrayBuffer());
  await pglite.close();
  const imageFile = path.join(folder, "migrated.tar");
  await writeFile(imageFile, image);
  process.env[TEMPLATE_ENV.pgliteImage] = imageFile;
  process.env[TEMPLATE_ENV.pgliteDataDir] = dataDir;
  return () => rm(folder, { recursive: true, force: true });
}

async function postgresTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const template = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ kind: "postgres", url: template.url });
  try {
    await applyMigrations(handle);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a template anybody is connected to.
    await handle.close();
  }
  process.env[TEMPLATE_ENV.postgresDatabase] = new URL(template.url).pathname.slice(1);
  return () => template.drop();
}

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? postgresTemplate(serverUrl) : pgliteTemplate();
}
