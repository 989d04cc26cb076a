// A batch of recorded calls (call-recorder.ts) and how it is written: in one transaction under its id,
// its rows into tool_call by COPY, its requests into organization_usage and each API key's last use. The
// id goes into call_log_batch in the same transaction, so a retried batch whose commit was never
// confirmed is skipped rather than counted twice.
import { randomUUID } from "node:crypto";
import type { BulkTransaction } from "../../db/client.ts";
import { CallLogQueue } from "./call-log-queue.ts";
import { TOOL_CALL_COLUMNS } from "./call-log-row.ts";

/** Rows per COPY: bounds what crosses to the embedded database's thread in one message. */
const COPY_CHUNK = 500;

/** The calls recorded between two flushes, written in one transaction under one id. */
export interface Batch {
  id: string;
  calls: CallLogQueue;
  /** The projects of the calls, checked for existence before their rows are written. */
  projects: Set<string>;
  /** "organizationId month" → requests to add to organization_usage. */
  usage: Map<string, number>;
  keyLastUsed: Map<string, Date>;
  /** When its first call was recorded (performance.now()): the age of its oldest call. */
  firstRecordedAt: number;
}

export const newBatch = (): Batch => ({
  id: randomUUID(),
  calls: new CallLogQueue(),
  projects: new Set(),
  usage: new Map(),
  keyLastUsed: new Map(),
  firstRecordedAt: 0,
});

/** Whether a batch holds anything to write: usage, or log rows only (playground runs count no usage). */
export const hasRecords = (batch: Batch) => batch.usage.size > 0 || batch.calls.length > 0;

/**
 * Writes `batch` in one transaction. `confirmed` are the ids of batches whose commit this server saw
 * confirmed: their call_log_batch rows are no longer needed.
 */
export async function writeBatch(tx: BulkTransaction, batch: Batch, confirmed: string[]): Promise<void> {
  const { calls, projects, usage, keyLastUsed } = batch;
  // Ids of a server that stopped before their commit was confirmed are kept a day at most.
  await tx.query(
    "delete from call_log_batch where id = any($1::text[]) or created_at < now() - interval '1 day'",
    [confirmed],
  );
  const { rows: fresh } = await tx.query(
    "insert into call_log_batch (id) values ($1) on conflict do nothing returning id",
    [batch.id],
  );
  if (fresh.length === 0) return; // Written by an attempt whose commit was never confirmed.
  if (calls.length > 0) await writeCalls(tx, calls, projects);
  if (usage.size > 0) await addUsage(tx, usage);
  if (keyLastUsed.size > 0) {
    const rows = [...keyLastUsed].map(([id, at]) => ({ id, at: at.toISOString() }));
    await tx.query(
      `update api_key k set last_used_at = greatest(k.last_used_at, r.at)
       from json_to_recordset($1::json) as r(id text, at timestamptz)
       where k.id = r.id`,
      [JSON.stringify(rows)],
    );
  }
}

/** Adds a batch's requests to organization_usage; an organization deleted meanwhile is skipped. */
async function addUsage(tx: BulkTransaction, usage: Map<string, number>) {
  const usageRows = [...usage].map(([key, requests]) => {
    const [organization_id, month] = key.split(" ");
    return { organization_id, month, requests };
  });
  await tx.query(
    `insert into organization_usage (organization_id, month, requests)
     select r.organization_id, r.month, r.requests
     from json_populate_recordset(null::organization_usage, $1::json) r
     where exists (select 1 from organization o where o.id = r.organization_id)
     on conflict (organization_id, month)
     do update set requests = organization_usage.requests + excluded.requests`,
    [JSON.stringify(usageRows)],
  );
}

/**
 * Writes a batch's calls. Usually one COPY into tool_call per chunk, once their projects are known to
 * exist (and, on PostgreSQL, locked against deletion until the commit, as a foreign key's check would).
 * A batch with a project deleted meanwhile goes through a staging table instead, and only the rows of
 * existing projects are kept.
 */
async function writeCalls(tx: BulkTransaction, calls: CallLogQueue, projects: Set<string>) {
  const { rows: existing } = await tx.query(
    "select id from project where id = any($1::text[]) for key share",
    [[...projects]],
  );
  if (existing.length === projects.size) {
    for (const chunk of calls.chunks(COPY_CHUNK)) await tx.copyCsv(`tool_call (${TOOL_CALL_COLUMNS})`, chunk);
    return;
  }
  await tx.query("create temporary table tool_call_incoming (like tool_call) on commit drop");
  for (const chunk of calls.chunks(COPY_CHUNK))
    await tx.copyCsv(`tool_call_incoming (${TOOL_CALL_COLUMNS})`, chunk);
  await tx.query(
    `insert into tool_call select i.* from tool_call_incoming i
     where exists (select 1 from project p where p.id = i.project_id)`,
  );
}
