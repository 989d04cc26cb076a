import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PgliteThread } from "~/server/db/pglite-thread.ts";

// One database for the file (opening one takes a second or more); each test starts from an empty
// table. The last test closes it.
describe("PgliteThread (the embedded database in a worker thread)", () => {
  const thread = new PgliteThread(undefined);
  beforeAll(() => thread.ready());
  beforeEach(async () => {
    await thread.query("drop table if exists item");
    await thread.query("create table item (id int primary key, name text not null, at timestamptz)");
  });
  afterAll(() => thread.close());

  it("runs statements with parameters and returns rows as objects or arrays", async () => {
    const db = thread;
    const inserted = await db.query("insert into item values ($1, $2, $3)", [1, "one", new Date(0)]);
    expect(inserted.affectedRows).toBe(1);
    const objects = await db.query("select id, name from item where id = $1", [1]);
    expect(objects.rows).toEqual([{ id: 1, name: "one" }]);
    const arrays = await db.query("select id, name from item", [], { rowMode: "array" });
    expect(arrays.rows).toEqual([[1, "one"]]);
  });

  it("leaves the types Drizzle asks for as text and parses the others", async () => {
    const db = thread;
    await db.query("insert into item values (1, 'one', '2026-01-02T03:04:05Z')");
    const keepTimestamps = { parsers: { 1184: (value: string) => value } };
    const raw = await db.query("select at from item", [], keepTimestamps);
    expect(typeof (raw.rows[0] as { at: unknown }).at).toBe("string");
    const parsed = await db.query("select at from item");
    expect((parsed.rows[0] as { at: Date }).at).toBeInstanceOf(Date);
  });

  it("commits a transaction, and rolls it back when its callback throws", async () => {
    const db = thread;
    await db.transaction(async (tx) => {
      await tx.query("insert into item values (1, 'kept')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into item values (2, 'dropped')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await db.query("select name from item order by id")).rows).toEqual([{ name: "kept" }]);
  });

  it("makes statements outside a transaction wait until it ends", async () => {
    const db = thread;
    let outsideSaw: unknown;
    let outside: Promise<void> | undefined;
    await db.transaction(async (tx) => {
      await tx.query("insert into item values (1, 'inside')");
      outside = db.query("select count(*)::int as n from item").then((r) => {
        outsideSaw = r.rows[0];
      });
      // Round trips to the worker after the outside statement was sent: had it not been held, the
      // worker would have answered it first.
      for (let trip = 0; trip < 3; trip++) await tx.query("select 1");
      expect(outsideSaw).toBeUndefined();
    });
    await outside;
    expect(outsideSaw).toEqual({ n: 1 });
  });

  it("passes PostgreSQL's error fields through (code, constraint) with the message", async () => {
    const db = thread;
    await db.query("insert into item values (1, 'one')");
    const failure = await db.query("insert into item values (1, 'again')").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: "23505", constraint: "item_pkey" });
    expect((failure as Error).message).toMatch(/duplicate key/);
    // The thread keeps working after a failed statement.
    expect((await db.query("select count(*)::int as n from item")).rows).toEqual([{ n: 1 }]);
  });

  it("delivers notifications to listeners", async () => {
    const db = thread;
    const received: string[] = [];
    await db.listen("portico_test", (payload) => received.push(payload));
    await db.query("select pg_notify('portico_test', 'hello')");
    await expect.poll(() => received).toEqual(["hello"]);
  });

  // Last: it closes the file's database.
  it("refuses statements after close with a clear error", async () => {
    const db = thread;
    await db.close();
    await expect(db.query("select 1")).rejects.toThrow(/embedded database thread/);
  });
});

describe("PgliteThread's buffer pool (idle RSS, pglite-worker.ts)", () => {
  it("keeps PostgreSQL's default for the start that creates the database, and 32 MB after", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "pglite-buffers-"));
    const dataDir = path.join(folder, "pglite");
    const sharedBuffers = async () => {
      const thread = new PgliteThread(dataDir);
      try {
        await thread.ready();
        return (await thread.query("show shared_buffers")).rows;
      } finally {
        await thread.close();
      }
    };
    try {
      expect(await sharedBuffers()).toEqual([{ shared_buffers: "128MB" }]);
      expect(await sharedBuffers()).toEqual([{ shared_buffers: "32MB" }]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
