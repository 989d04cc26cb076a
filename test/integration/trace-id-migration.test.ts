// The migration that turned tool_call.trace_id from text into uuid (0021, custom, with USING) keeps the
// trace ids already logged, and the app reads them back as the 32 hex digits it wrote and links to.
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { applyMigrations } from "~/server/db/migrate.ts";
import { toolCall } from "~/server/db/schema/index.ts";
import { createTestDatabase } from "../support/database.ts";
import { migrationsBefore } from "../support/migrations.ts";

const before = await migrationsBefore("call_trace_id_uuid");
const handle = await createTestDatabase((db) => applyMigrations(db, before));
afterAll(() => handle.close());
const { db } = handle;

const TRACE = "0af7651916cd43dd8448eb211c80319c";

it("keeps the logged trace ids as uuid, read back as 32 hex digits", async () => {
  await db.execute(sql`insert into "tool_call" ("id", "organization_id", "project_id", "server_name",
      "tool_name", "channel", "caller_name", "status", "duration_ms", "created_at", "trace_id")
    values ('c1', 'org', 'p1', 'standard', 'calculate', 'mcp', 'me', 'success', 1, '2026-11-01T00:00:00Z', ${TRACE}),
           ('c2', 'org', 'p1', 'standard', 'calculate', 'mcp', 'me', 'success', 1, '2026-11-01T00:00:01Z', null)`);

  await applyMigrations(handle);

  const column = await db.execute(sql`select data_type as type from information_schema.columns
    where table_name = 'tool_call' and column_name = 'trace_id'`);
  expect((column as unknown as { rows: { type: string }[] }).rows[0]?.type).toBe("uuid");
  const calls = await db
    .select({ id: toolCall.id, traceId: toolCall.traceId })
    .from(toolCall)
    .orderBy(toolCall.id);
  expect(calls).toEqual([
    { id: "c1", traceId: TRACE },
    { id: "c2", traceId: null },
  ]);
});
