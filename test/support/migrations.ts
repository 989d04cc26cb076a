// Migrating in two steps, for tests of a migration that moves data: `migrationsBefore(name)` is a copy of
// drizzle/ whose journal stops just before the first migration whose tag ends in `_${name}`, so a test
// can apply that, insert rows of the old shape, then apply the rest with applyMigrations(handle). Found
// by name, not number, so the test survives the renumbering that merges bring.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { migrationsFolder } from "~/server/db/migrate.ts";

interface Journal {
  entries: { tag: string }[];
}

export async function migrationsBefore(name: string): Promise<string> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as Journal;
  const stop = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${name}`));
  if (stop < 0) throw new Error(`No migration named ${name} in ${migrationsFolder}`);
  const folder = await mkdtemp(path.join(tmpdir(), "portico-migrations-"));
  afterAll(() => rm(folder, { recursive: true, force: true }));
  await cp(migrationsFolder, folder, { recursive: true });
  const early = { ...journal, entries: journal.entries.slice(0, stop) };
  await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify(early));
  return folder;
}
