import path from "node:path";
import { migrate as migrateWithPg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migrateWithPglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client.ts";

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/**
 * Applies the committed migrations in drizzle/ that the database has not seen yet. `folder` is for
 * tests that migrate in two steps (a copy of drizzle/ whose journal stops early, then the rest).
 */
export async function applyMigrations(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  await handle.withMigrationLock(async (db) => {
    if (handle.kind === "postgres") {
      await migrateWithPg(db as Parameters<typeof migrateWithPg>[0], { migrationsFolder: folder });
    } else {
      await migrateWithPglite(db as Parameters<typeof migrateWithPglite>[0], { migrationsFolder: folder });
    }
  });
}
