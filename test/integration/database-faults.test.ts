// PostgreSQL closing Portico's connections (pg_terminate_backend, as a restart or failover does) must
// not stop the server: pooled connections are replaced, LISTEN reconnects with backoff, and what a
// missed notification would have invalidated is dropped. PostgreSQL only (DATABASE_URL).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "~/server/app-services.ts";
import { user } from "~/server/db/schema/index.ts";
import { createTestApp, signUp } from "../support/app.ts";
import { newUser } from "../support/users.ts";

const serverUrl = process.env.DATABASE_URL;
let app: App;
let admin: pg.Client;
let databaseName: string;

/** Terminates every connection to the app's database but the admin's own; how many it ended. */
async function terminateAll(): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [databaseName],
  );
  return rows.filter((row) => row.ended).length;
}

/** `promise`, or a failure naming the wait when it has not settled within `timeoutMs`. */
async function within<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls for what has no event to wait on: the server's own view (pg_stat_activity) and the pool
 * replacing connections the server ended, which a query can only find out by trying.
 */
async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

describe.skipIf(!serverUrl)("database connections closed by the server", () => {
  beforeAll(async () => {
    app = await createTestApp();
    const result = (await app.db.execute("select current_database() as name")) as unknown as {
      rows: Array<{ name: string }>;
    };
    databaseName = result.rows[0]?.name ?? "";
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await app?.database.close();
  });

  it("survives losing every connection, idle and listening, and answers queries again", async () => {
    await signUp(app, newUser("before"));
    expect(await terminateAll()).toBeGreaterThanOrEqual(2);
    // An uncaught 'error' would fail this test file; the next queries get fresh connections.
    await eventually(async () => {
      try {
        await app.db.select().from(user).limit(1);
        return true;
      } catch {
        return false;
      }
    });
    await signUp(app, newUser("after"));
  });

  it("listens again after the LISTEN connection is lost and drops what it may have missed", async () => {
    // Waited on as the events they are: the listener's reconnect callback and the payload's arrival.
    let onReconnect = () => {};
    const reconnected = new Promise<void>((resolve) => {
      onReconnect = resolve;
    });
    let onPayload = (_payload: string) => {};
    const delivered = new Promise<string>((resolve) => {
      onPayload = resolve;
    });
    await app.database.listen(
      "portico_fault_test",
      (payload) => onPayload(payload),
      () => onReconnect(),
    );
    const forgetAll = vi.spyOn(app.gateway.principals, "forgetAll");
    const lostAt = Date.now();
    await terminateAll();
    await within(reconnected, 15_000);
    expect(Date.now() - lostAt).toBeLessThan(10_000);
    expect(forgetAll).toHaveBeenCalled();
    await app.database.notify("portico_fault_test", "after");
    expect(await within(delivered, 15_000)).toBe("after");
  });

  it("a query in flight when its connection is ended fails to its caller only", async () => {
    // Drizzle's queries are lazy thenables: `then` sends it now, and settles to what happened.
    const slow = app.db.execute("select pg_sleep(5)").then(
      () => "finished",
      (error: unknown) => error,
    );
    // Ended only once it runs: on a busy machine a fixed wait could end the connections before it starts.
    await eventually(async () => {
      const { rowCount } = await admin.query(
        "select 1 from pg_stat_activity where datname = $1 and state = 'active' and query like 'select pg_sleep(5)%'",
        [databaseName],
      );
      return (rowCount ?? 0) > 0;
    });
    await terminateAll();
    expect(await slow).toBeInstanceOf(Error);
    await eventually(async () => {
      try {
        await app.db.select().from(user).limit(1);
        return true;
      } catch {
        return false;
      }
    });
  });
});
