// The migrations that merged the two tool-switch tables into tool_switch keep every user's switches:
// rows written in the old shape (standard tools per project, server tools per server) come back from the
// new table with their state and time, and the app reads them as before.
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { applyMigrations } from "~/server/db/migrate.ts";
import { serverToolKey, standardToolKey, toolSwitch } from "~/server/db/schema/index.ts";
import { disabledToolsOf } from "~/server/servers/server-store.ts";
import { createTestDatabase } from "../support/database.ts";
import { migrationsBefore } from "../support/migrations.ts";

const before = await migrationsBefore("tool_switches");
const handle = await createTestDatabase((db) => applyMigrations(db, before));
afterAll(() => handle.close());
const { db } = handle;

const at = (iso: string) => new Date(iso);

it("copies standard and server tool switches into tool_switch", async () => {
  await db.execute(sql`insert into "organization" ("id", "name") values ('org', 'Org')`);
  await db.execute(sql`insert into "project" ("id", "organization_id", "name")
    values ('p1', 'org', 'One'), ('p2', 'org', 'Two')`);
  await db.execute(sql`insert into "project_server" ("id", "project_id", "integration_id")
    values ('s1', 'p1', 'exa'), ('s2', 'p2', 'brevo')`);
  await db.execute(sql`insert into "project_standard_tool" ("project_id", "tool_name", "enabled", "updated_at")
    values ('p1', 'calculate', false, '2026-01-02T03:04:05Z'), ('p2', 'calculate', true, '2026-01-03T00:00:00Z'),
           ('p2', 'fetch_web_page', false, '2026-01-04T00:00:00Z')`);
  await db.execute(sql`insert into "project_server_tool" ("server_id", "tool_name", "enabled", "updated_at")
    values ('s1', 'web_search_exa', false, '2026-02-01T00:00:00Z'), ('s2', 'calculate', false, '2026-02-02T00:00:00Z'),
           ('s2', 'send_email', true, '2026-02-03T00:00:00Z')`);

  await applyMigrations(handle);

  const rows = await db.select().from(toolSwitch);
  const key = (row: { projectId: string; serverId: string | null; toolName: string }) =>
    `${row.projectId}/${row.serverId ?? "-"}/${row.toolName}`;
  expect(rows.sort((a, b) => key(a).localeCompare(key(b)))).toEqual([
    {
      projectId: "p1",
      serverId: null,
      toolName: "calculate",
      enabled: false,
      updatedAt: at("2026-01-02T03:04:05Z"),
    },
    {
      projectId: "p1",
      serverId: "s1",
      toolName: "web_search_exa",
      enabled: false,
      updatedAt: at("2026-02-01T00:00:00Z"),
    },
    {
      projectId: "p2",
      serverId: null,
      toolName: "calculate",
      enabled: true,
      updatedAt: at("2026-01-03T00:00:00Z"),
    },
    {
      projectId: "p2",
      serverId: null,
      toolName: "fetch_web_page",
      enabled: false,
      updatedAt: at("2026-01-04T00:00:00Z"),
    },
    {
      projectId: "p2",
      serverId: "s2",
      toolName: "calculate",
      enabled: false,
      updatedAt: at("2026-02-02T00:00:00Z"),
    },
    {
      projectId: "p2",
      serverId: "s2",
      toolName: "send_email",
      enabled: true,
      updatedAt: at("2026-02-03T00:00:00Z"),
    },
  ]);
  // A standard tool and a server tool of the same name stay apart, and the readers see the copied state.
  expect(await disabledToolsOf(db, ["s1", "s2"])).toEqual(
    new Map([
      ["s1", new Set(["web_search_exa"])],
      ["s2", new Set(["calculate"])],
    ]),
  );
  const tables = await db.execute(sql`select count(*)::int as n from information_schema.tables
    where table_name in ('project_standard_tool', 'project_server_tool')`);
  expect((tables as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
});

it("removes a project's switches with the project, and a server's with the server", async () => {
  await db.execute(sql`delete from "project_server" where "id" = 's2'`);
  expect((await db.select().from(toolSwitch)).filter((row) => row.projectId === "p2").length).toBe(2);
  await db.execute(sql`delete from "project" where "id" = 'p1'`);
  expect((await db.select().from(toolSwitch)).map((row) => row.projectId)).toEqual(["p2", "p2"]);
});

it("switches a standard and a server tool of one name apart, each upsert hitting its own key", async () => {
  const flip = async (serverId: string | null, enabled: boolean) =>
    db
      .insert(toolSwitch)
      .values({ projectId: "p2", serverId, toolName: "calculate", enabled })
      .onConflictDoUpdate({ ...(serverId ? serverToolKey : standardToolKey), set: { enabled } });
  const [server] = (
    (await db.execute(sql`insert into "project_server" ("id", "project_id", "integration_id", "name")
      values ('s3', 'p2', 'exa', 'exa') returning "id"`)) as unknown as { rows: { id: string }[] }
  ).rows;
  await flip(null, false);
  await flip(server?.id ?? "", true);
  await flip(null, true);
  await flip(server?.id ?? "", false);
  const rows = (await db.select().from(toolSwitch)).filter((row) => row.toolName === "calculate");
  expect(rows.map((row) => [row.serverId, row.enabled])).toEqual(
    expect.arrayContaining([
      [null, true],
      ["s3", false],
    ]),
  );
  expect(rows).toHaveLength(2);
});
