// PostgreSQL unreachable (issue 42, finding 5): /mcp answered 500 to every call, logged a full query
// error each time, and a failed session lookup wrote the bare session token into the log. During an
// outage each door answers 503 with Retry-After, the log says so once, and no token is logged; when the
// database is back, calls work again. The outage is this file's scratch database refusing connections
// (ALLOW_CONNECTIONS false, every connection ended). PostgreSQL only: the embedded database cannot go away.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handleRestRequest } from "~/server/gateway/rest/handle-rest.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { mcpPost } from "../support/mcp-client.ts";
import { worldForFile } from "./world.ts";

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)("a database outage", () => {
  let admin: pg.Client;
  let databaseName = "";
  let context: Awaited<ReturnType<typeof worldForFile>>;
  let uncachedKey = "";
  const logged: string[] = [];

  const setConnections = async (allowed: boolean) => {
    await admin.query(`alter database "${databaseName}" allow_connections ${allowed}`);
    if (!allowed) {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [databaseName],
      );
    }
  };

  beforeAll(async () => {
    context = await worldForFile();
    const { app, world } = context;
    const result = (await app.db.execute("select current_database() as name")) as unknown as {
      rows: Array<{ name: string }>;
    };
    databaseName = result.rows[0]?.name ?? "";
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    uncachedKey = (await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Later" }))
      .secret;
    for (const method of ["warn", "error", "log"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        logged.push(
          args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(" "),
        );
      });
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await setConnections(true).catch(() => undefined);
    await admin?.end();
  });

  it("answers 503 with Retry-After, logs once, never a token, and works again after", async () => {
    const { app, world } = context;
    await setConnections(false);
    const call = {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "calculate", arguments: { expression: "1 + 1" } },
    };
    for (let index = 0; index < 20; index++) {
      const response = await mcpPost(app, call, { authorization: `Bearer ${uncachedKey}` });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect((await response.json()).error.message).toMatch(/database is unavailable/);
    }
    const rest = await handleRestRequest(
      app,
      new Request(`${app.config.baseUrl}/api/v1/tools/calculate`, {
        method: "POST",
        headers: { authorization: `Bearer ${uncachedKey}`, "content-type": "application/json" },
        body: JSON.stringify({ expression: "1 + 1" }),
      }),
      "/api/v1/tools/calculate",
    );
    expect(rest.status).toBe(503);
    expect(rest.headers.get("retry-after")).toBe("5");

    // A signed-in page's data call: its session lookup fails, and the token is not in the log.
    const trpc = await handleApiRequest(
      app,
      new Request(`${app.config.baseUrl}/api/trpc/user.getInfo`, {
        headers: { cookie: world.ownerA.cookie, origin: app.config.baseUrl },
      }),
      "/api/trpc/user.getInfo",
    );
    expect(trpc?.status).toBeGreaterThanOrEqual(400);
    const sessionToken = decodeURIComponent(world.ownerA.cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    expect(sessionToken.length).toBeGreaterThan(16);
    expect(logged.join("\n")).not.toContain(sessionToken);
    expect(logged.filter((line) => line.includes("database unavailable"))).toHaveLength(1);

    await setConnections(true);
    await vi.waitFor(
      async () => {
        const response = await mcpPost(app, call, { authorization: `Bearer ${uncachedKey}` });
        expect(response.status).toBe(200);
      },
      { timeout: 15_000, interval: 200 },
    );
  });
});
