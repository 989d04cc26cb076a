// A new data folder is opened twice (client.ts): the thread that ran initdb is ended, with the
// WebAssembly memory initdb grew, and the database is served by a second start that opens it as every
// later start does (32 MB buffer pool, pglite-worker.ts). Issue 46, idle RSS.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { isNewDataFolder, openDatabase } from "~/server/db/client.ts";

it("serves a new folder from a second start, and keeps what was written through it", async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "pglite-new-folder-"));
  try {
    expect(isNewDataFolder(folder)).toBe(true);
    const first = await openDatabase({ kind: "pglite", dataDir: folder });
    expect(isNewDataFolder(folder)).toBe(false);
    const buffers = (await first.db.execute(sql`show shared_buffers`)) as { rows: unknown[] };
    expect(buffers.rows).toEqual([{ shared_buffers: "32MB" }]);
    await first.db.execute(sql`create table kept (id int primary key)`);
    await first.db.execute(sql`insert into kept values (7)`);
    await first.close();

    const again = await openDatabase({ kind: "pglite", dataDir: folder });
    const kept = (await again.db.execute(sql`select id from kept`)) as { rows: unknown[] };
    expect(kept.rows).toEqual([{ id: 7 }]);
    await again.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}, 180_000);
