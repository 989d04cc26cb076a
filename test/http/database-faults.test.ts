// The fault test: PostgreSQL terminates every Portico connection in the middle of 2,000 tool
// calls. The server stays up, recovers within seconds, and every answered call is recorded and counted
// (the call recorder retries a failed flush under the same batch id). PostgreSQL only (DATABASE_URL).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "../support/database.ts";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

const serverUrl = process.env.DATABASE_URL;
const CALLS = 2_000;
const CONCURRENCY = 16;
const TERMINATE_AT = 600;
const TEST_CLIENT = "portico-fault-test";

let scratch: ScratchDatabase;
let server: RunningServer;
let apiKey: string;
let admin: pg.Client;

describe.skipIf(!serverUrl)("PostgreSQL ends every connection mid-load", () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl as string);
    server = await startServer({ databaseUrl: scratch.url });
    const browser = new HttpClient(server.baseUrl);
    await browser.signUp(newUser("faults"));
    const organization = await browser.mutate<{ id: string }>("organization.create", { name: "Faults" });
    const project = await browser.mutate<{ id: string }>("project.create", {
      organizationId: organization.id,
      name: "Faults",
    });
    apiKey = (
      await browser.mutate<{ secret: string }>("apiKeys.create", { projectId: project.id, name: "k" })
    ).secret;
    admin = new pg.Client({ connectionString: scratch.url, application_name: TEST_CLIENT });
    await admin.connect();
  }, SERVER_HOOK_TIMEOUT);

  afterAll(async () => {
    await admin?.end();
    await server?.stop();
    await scratch?.drop();
  });

  /** Ends every connection to the scratch database except this test's own. */
  async function terminateServerConnections(): Promise<number> {
    const { rows } = await admin.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where datname = current_database() and application_name <> $1`,
      [TEST_CLIENT],
    );
    return rows.filter((row) => row.ended).length;
  }

  const call = async (index: number): Promise<boolean> => {
    try {
      const response = await fetch(`${server.baseUrl}/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${apiKey}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: index,
          method: "tools/call",
          params: { name: "calculate", arguments: { expression: `${index} + 1` } },
        }),
      });
      const body = (await response.json()) as { result?: { isError?: boolean } };
      return response.status === 200 && body.result !== undefined && !body.result.isError;
    } catch {
      return false;
    }
  };

  async function recorded(): Promise<{ rows: number; usage: number }> {
    const rows = await admin.query<{ n: number }>("select count(*)::int as n from tool_call");
    const usage = await admin.query<{ n: number }>(
      "select coalesce(sum(requests), 0)::int as n from organization_usage",
    );
    return { rows: rows.rows[0]?.n ?? 0, usage: usage.rows[0]?.n ?? 0 };
  }

  it("stays up, recovers within seconds and loses no acknowledged call", { timeout: 180_000 }, async () => {
    let next = 0;
    let acknowledged = 0;
    let terminated = 0;
    let termination: Promise<unknown> | undefined;
    const worker = async () => {
      while (next < CALLS) {
        const index = next++;
        if (index === TERMINATE_AT) {
          // Every connection of the server to its database: pool, LISTEN, the one flushing the log.
          termination = terminateServerConnections().then((count) => {
            terminated = count;
          });
        }
        if (await call(index)) acknowledged++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await termination;
    expect(terminated).toBeGreaterThanOrEqual(1);
    expect(acknowledged).toBeGreaterThan(CALLS * 0.9);

    const finishedAt = Date.now();
    let counted = await recorded();
    while (counted.usage < acknowledged && Date.now() - finishedAt < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      counted = await recorded();
    }
    expect(counted.usage).toBe(acknowledged);
    expect(counted.rows).toBe(acknowledged);
    expect(Date.now() - finishedAt).toBeLessThan(10_000);
    // Still serving, through new connections.
    expect(await call(CALLS)).toBe(true);
    expect(server.output()).toContain("[database]");
  });
});
