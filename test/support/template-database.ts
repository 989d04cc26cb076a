// Where template-database.global.ts left this run's migrated template; each is undefined outside a
// run with that global setup (vitest.config.ts, vitest.e2e.config.ts).
import { readFileSync } from "node:fs";

export const TEMPLATE_ENV = {
  pgliteImage: "PORTICO_TEST_PGLITE_IMAGE",
  pgliteDataDir: "PORTICO_TEST_PGLITE_DATA_DIR",
  postgresDatabase: "PORTICO_TEST_POSTGRES_TEMPLATE",
} as const;

let pgliteImage: Uint8Array<ArrayBuffer> | undefined;

/** The migrated PGlite data folder's image (dumpDataDir), to open in memory. */
export function migratedPgliteImage(): Uint8Array<ArrayBuffer> | undefined {
  const file = process.env[TEMPLATE_ENV.pgliteImage];
  if (!file) return undefined;
  pgliteImage ??= readFileSync(file);
  return pgliteImage;
}

/** A DATA_DIR holding the migrated PGlite database, to copy for a server. */
export function migratedDataDir(): string | undefined {
  return process.env[TEMPLATE_ENV.pgliteDataDir];
}

/** The migrated PostgreSQL database's name, to copy with CREATE DATABASE … TEMPLATE. */
export function migratedPostgresTemplate(): string | undefined {
  return process.env[TEMPLATE_ENV.postgresDatabase];
}
