// Records every tool call without a database write on the request path: calls are queued in memory
// (call-log-queue.ts) and flushed in batches (every second, or sooner when the queue grows), together
// with exact monthly usage per organization and each API key's last use. stop() flushes what is left,
// so a clean shutdown loses nothing; a failed flush keeps its batch for the next attempt.
//
// Rows go in with COPY, as CSV made once per call in record(). On the embedded database the call log is
// the one thing that costs CPU beside every request, and COPY into tool_call as shaped in migration
// 0006 costs a third of the JSON insert it replaced (see ARCHITECTURE.md, "Call log in bulk").
import { randomUUID } from "node:crypto";
import type { BulkTransaction, DatabaseHandle } from "../db/client.ts";
import { CallLogQueue } from "./call-log-queue.ts";
import type { Principal } from "./principal.ts";

const FLUSH_INTERVAL_MS = 1000;
const FLUSH_AT_QUEUE_LENGTH = 2000;
/** Rows per COPY: bounds what crosses to the embedded database's thread in one message. */
const COPY_CHUNK = 500;
/** Past this, the oldest log rows are dropped (usage counts never are) rather than exhausting memory. */
const MAX_QUEUED_CALLS = 200_000;

/** tool_call's columns in the order record() writes them. */
const COLUMNS =
  "id, organization_id, project_id, server_id, server_name, tool_name, channel, api_key_id, " +
  "oauth_client_id, caller_name, user_id, status, duration_ms, error_message, created_at";

/**
 * A text value as a CSV field: always quoted, so an empty string stays distinct from NULL (an empty
 * unquoted field). NUL characters, which PostgreSQL text cannot hold, are dropped: one of them in an
 * error message would otherwise fail every flush of its batch.
 */
function csvText(value: string | null): string {
  if (value === null) return "";
  const text = value.includes("\0") ? value.replaceAll("\0", "") : value;
  return `"${text.includes('"') ? text.replaceAll('"', '""') : text}"`;
}

export interface RecordedCall {
  principal: Principal;
  serverId: string | null;
  serverName: string;
  toolName: string;
  channel: "mcp" | "rest";
  status: "success" | "error";
  durationMs: number;
  errorMessage: string | null;
  at: Date;
}

/** The calendar month in UTC, "YYYY-MM", that a call at `at` counts towards. */
export const usageMonth = (at: Date) => at.toISOString().slice(0, 7);

type CallLogDatabase = Pick<DatabaseHandle, "bulkTransaction">;

export class CallRecorder {
  private calls = new CallLogQueue();
  /** The projects of the queued calls, checked for existence before their rows are written. */
  private projects = new Set<string>();
  /** Set while the queue holds rows of a failed flush, which its database may have kept after all. */
  private retrying = false;
  /** "organizationId month" → requests not yet added to organization_usage. */
  private usage = new Map<string, number>();
  private keyLastUsed = new Map<string, Date>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private flushing: Promise<void> | undefined;
  droppedLogRows = 0;

  private readonly database: CallLogDatabase;
  private readonly onError: (error: unknown) => void;

  constructor(database: CallLogDatabase, onError: (error: unknown) => void) {
    this.database = database;
    this.onError = onError;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref?.();
  }

  record(call: RecordedCall): void {
    const { principal } = call;
    const createdAt = call.at.toISOString();
    // One CSV line in COLUMNS' order; tool_call's COPY in writeCalls reads it as it is.
    this.calls.push(
      [
        randomUUID(),
        csvText(principal.organizationId),
        csvText(principal.projectId),
        csvText(call.serverId),
        csvText(call.serverName),
        csvText(call.toolName),
        call.channel,
        csvText(principal.apiKeyId),
        csvText(principal.oauthClientId),
        csvText(principal.callerName),
        csvText(principal.userId),
        call.status,
        Math.round(call.durationMs),
        csvText(call.errorMessage?.slice(0, 2000) ?? null),
        createdAt,
      ].join(","),
    );
    this.projects.add(principal.projectId);
    if (this.calls.length > MAX_QUEUED_CALLS) {
      this.calls.dropOldest();
      this.droppedLogRows++;
    }
    // usageMonth(call.at), from the timestamp already formatted.
    const usageKey = `${principal.organizationId} ${createdAt.slice(0, 7)}`;
    this.usage.set(usageKey, (this.usage.get(usageKey) ?? 0) + 1);
    if (principal.apiKeyId) this.keyLastUsed.set(principal.apiKeyId, call.at);
    // Only when no flush is under way: a call waiting for it from here would hold its request (its
    // async context) until the flush ends, and while the database was slow that was every call.
    if (this.calls.length >= FLUSH_AT_QUEUE_LENGTH && !this.flushing) void this.flush();
  }

  /** Writes everything queued so far; concurrent callers share one flush. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.calls.length === 0 && this.usage.size === 0 && this.keyLastUsed.size === 0) return;
    this.flushing = this.writeBatch().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writeBatch(): Promise<void> {
    const { calls, projects, retrying, usage, keyLastUsed } = this;
    this.calls = new CallLogQueue();
    this.projects = new Set();
    this.retrying = false;
    this.usage = new Map();
    this.keyLastUsed = new Map();
    try {
      await this.database.bulkTransaction(async (tx) => {
        if (calls.length > 0) await writeCalls(tx, calls, projects, retrying);
        if (usage.size > 0) {
          const rows = [...usage].map(([key, requests]) => {
            const [organization_id, month] = key.split(" ");
            return { organization_id, month, requests };
          });
          // Usage of an organization deleted meanwhile is skipped instead of failing the batch.
          await tx.query(
            `insert into organization_usage (organization_id, month, requests)
             select r.organization_id, r.month, r.requests
             from json_populate_recordset(null::organization_usage, $1::json) r
             where exists (select 1 from organization o where o.id = r.organization_id)
             on conflict (organization_id, month)
             do update set requests = organization_usage.requests + excluded.requests`,
            [JSON.stringify(rows)],
          );
        }
        if (keyLastUsed.size > 0) {
          const rows = [...keyLastUsed].map(([id, at]) => ({ id, at: at.toISOString() }));
          await tx.query(
            `update api_key k set last_used_at = greatest(k.last_used_at, r.at)
             from json_to_recordset($1::json) as r(id text, at timestamptz)
             where k.id = r.id`,
            [JSON.stringify(rows)],
          );
        }
      });
    } catch (error) {
      // Put the batch back in front of anything recorded meanwhile, so the next flush retries it.
      this.onError(error);
      calls.append(this.calls);
      this.calls = calls;
      for (const project of this.projects) projects.add(project);
      this.projects = projects;
      this.retrying = true;
      for (const [key, requests] of usage) this.usage.set(key, (this.usage.get(key) ?? 0) + requests);
      for (const [id, at] of keyLastUsed) if (!this.keyLastUsed.has(id)) this.keyLastUsed.set(id, at);
    }
  }
}

/**
 * Writes the queued calls. Usually one COPY into tool_call per chunk, once their projects are known to
 * exist (and, on PostgreSQL, locked against deletion until the commit, as a foreign key's check would).
 * A batch with a project deleted meanwhile, or one retried after a failed flush (whose commit may have
 * happened after all), goes through a staging table instead, and only new rows of existing projects
 * are kept.
 */
async function writeCalls(
  tx: BulkTransaction,
  calls: CallLogQueue,
  projects: Set<string>,
  retrying: boolean,
) {
  const { rows: existing } = await tx.query(
    "select id from project where id = any($1::text[]) for key share",
    [[...projects]],
  );
  if (existing.length === projects.size && !retrying) {
    for (const chunk of calls.chunks(COPY_CHUNK)) await tx.copyCsv(`tool_call (${COLUMNS})`, chunk);
    return;
  }
  await tx.query("create temporary table tool_call_incoming (like tool_call) on commit drop");
  for (const chunk of calls.chunks(COPY_CHUNK)) await tx.copyCsv(`tool_call_incoming (${COLUMNS})`, chunk);
  await tx.query(
    `insert into tool_call select i.* from tool_call_incoming i
     where exists (select 1 from project p where p.id = i.project_id)
     on conflict do nothing`,
  );
}
