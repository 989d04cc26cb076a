// Records every tool call without a database write on the request path: calls are queued in memory
// (call-log-queue.ts) and flushed in batches (every second, or sooner when the queue grows), together
// with exact monthly usage per organization and each API key's last use. stop() flushes what is left,
// so a clean shutdown loses nothing; a failed flush keeps its batch, and the next one retries it under
// the same id, which call_log_batch records with it, so it is never counted twice.
//
// Back-pressure: calls not yet written are what a crash (kill -9) loses, log rows and usage alike. When
// the database falls behind, that backlog is bounded at MAX_BACKLOG_CALLS by holding new tool calls
// (room(), awaited by run-tool.ts) until a flush makes room, and saying so loudly, instead of letting it
// grow (it reached seconds of calls on the embedded database, 88–97 % of them lost to a kill -9) or
// dropping rows. Past that bound only calls already running when it was reached are added.
//
// Rows go in with COPY, as CSV made once per call in record(). On the embedded database the call log is
// the one thing that costs CPU beside every request, and COPY into tool_call as shaped in migration
// 0006 costs a third of the JSON insert it replaced (see ARCHITECTURE.md, "Call log in bulk").
import { randomUUID } from "node:crypto";
import type { BulkTransaction, DatabaseHandle } from "../db/client.ts";
import type { CallChannel } from "../db/schema/gateway.ts";
import { metrics } from "../observability/metrics.ts";
import { CallLogQueue } from "./call-log-queue.ts";
import { isoTimestamp } from "./iso-timestamp.ts";
import type { Principal } from "./principal.ts";

const FLUSH_INTERVAL_MS = 1000;
const FLUSH_AT_QUEUE_LENGTH = 2000;
/** Rows per COPY: bounds what crosses to the embedded database's thread in one message. */
const COPY_CHUNK = 500;
/** Calls recorded and not yet written past which new calls wait for a flush (about a second's worth). */
export const MAX_BACKLOG_CALLS = 2 * FLUSH_AT_QUEUE_LENGTH;

/** tool_call's columns in the order record() writes them. */
const COLUMNS =
  "id, organization_id, project_id, server_id, server_name, tool_name, channel, api_key_id, " +
  "oauth_client_id, caller_name, user_id, status, duration_ms, error_message, created_at, arguments, trace_id";

/**
 * Characters of a call's arguments kept for the call log: enough to debug a call with, while a large
 * payload (a document to write, say) neither grows the table nor the queue behind every request.
 */
export const MAX_STORED_ARGUMENTS = 4000;

/** A call's arguments as the log stores them: JSON, cut at MAX_STORED_ARGUMENTS and marked with "…". */
export function storedArguments(args: Record<string, unknown>): string {
  const json = JSON.stringify(args);
  return json.length > MAX_STORED_ARGUMENTS ? `${json.slice(0, MAX_STORED_ARGUMENTS)}…` : json;
}

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
  channel: CallChannel;
  status: "success" | "error";
  durationMs: number;
  errorMessage: string | null;
  /** The arguments as storedArguments() made them, or null when not known. */
  arguments: string | null;
  /** The call's W3C trace id (observability/call-trace.ts), or null. */
  traceId?: string | null;
  at: Date;
}

/** The calendar month in UTC, "YYYY-MM", that a call at `at` counts towards. */
export const usageMonth = (at: Date) => at.toISOString().slice(0, 7);

type CallLogDatabase = Pick<DatabaseHandle, "bulkTransaction">;

/** The calls recorded between two flushes, written in one transaction under one id. */
interface Batch {
  id: string;
  calls: CallLogQueue;
  /** The projects of the calls, checked for existence before their rows are written. */
  projects: Set<string>;
  /** "organizationId month" → requests to add to organization_usage. */
  usage: Map<string, number>;
  keyLastUsed: Map<string, Date>;
}

const newBatch = (): Batch => ({
  id: randomUUID(),
  calls: new CallLogQueue(),
  projects: new Set(),
  usage: new Map(),
  keyLastUsed: new Map(),
});

/** Whether a batch holds anything to write: usage, or log rows only (playground runs count no usage). */
const hasRecords = (batch: Batch) => batch.usage.size > 0 || batch.calls.length > 0;

export class CallRecorder {
  /** Where record() adds calls until the next flush takes it. */
  private current = newBatch();
  /**
   * Batches taken by a flush and not yet confirmed written, oldest first. A failed one stays as it
   * is, under its id, and is retried before anything newer: its commit may have happened after all,
   * and then its id in call_log_batch says so.
   */
  private unwritten: Batch[] = [];
  private unwrittenCalls = 0;
  /** Ids of batches whose commit was confirmed, deleted from call_log_batch by the next write. */
  private confirmed: string[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private flushing: Promise<void> | undefined;
  /** Calls waiting in room() for the backlog to fall below MAX_BACKLOG_CALLS. */
  private waiting: Array<() => void> = [];
  /** When the backlog last filled up, while it is full (for the warning that it has emptied). */
  private fullSince: number | null = null;
  private heldCalls = 0;

  private readonly database: CallLogDatabase;
  private readonly onError: (error: unknown) => void;
  private readonly warn: (message: string) => void;

  constructor(
    database: CallLogDatabase,
    onError: (error: unknown) => void,
    warn: (message: string) => void = console.warn,
  ) {
    this.database = database;
    this.onError = onError;
    this.warn = warn;
  }

  /** Calls recorded and not yet confirmed written: what a crash now would lose. */
  get backlog(): number {
    return this.current.calls.length + this.unwrittenCalls;
  }

  /**
   * Null while a new call may run at once; otherwise a promise that resolves once a flush has brought
   * the backlog below MAX_BACKLOG_CALLS (callers bound the wait with their own time limit).
   */
  room(): Promise<void> | null {
    if (this.backlog < MAX_BACKLOG_CALLS && this.waiting.length === 0) return null;
    if (this.fullSince === null) {
      this.fullSince = Date.now();
      this.heldCalls = 0;
      this.warn(
        `Call log backlog full (${this.backlog} calls not yet written): new tool calls wait until the ` +
          "database catches up. The database is slower than the call rate.",
      );
    }
    this.heldCalls++;
    if (!this.flushing) void this.flush();
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Lets waiting calls go once a flush has made room. */
  private releaseWaiting(): void {
    if (this.backlog >= MAX_BACKLOG_CALLS) return;
    if (this.fullSince !== null) {
      this.warn(
        `Call log backlog below ${MAX_BACKLOG_CALLS} again after ${Date.now() - this.fullSince} ms; ` +
          `${this.heldCalls} tool calls were held meanwhile.`,
      );
      this.fullSince = null;
    }
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref?.();
  }

  record(call: RecordedCall): void {
    const { principal } = call;
    const batch = this.current;
    const createdAt = isoTimestamp(call.at);
    // One CSV line in COLUMNS' order; tool_call's COPY in writeCalls reads it as it is.
    batch.calls.push(
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
        csvText(call.arguments),
        // 32 hex digits when present (traceparent.ts checked them): no quoting needed.
        call.traceId ?? "",
      ].join(","),
    );
    batch.projects.add(principal.projectId);
    // usageMonth(call.at), from the timestamp already formatted.
    const usageKey = `${principal.organizationId} ${createdAt.slice(0, 7)}`;
    batch.usage.set(usageKey, (batch.usage.get(usageKey) ?? 0) + 1);
    if (principal.apiKeyId) batch.keyLastUsed.set(principal.apiKeyId, call.at);
    // Only when no flush is under way: a call waiting for it from here would hold its request (its
    // async context) until the flush ends, and while the database was slow that was every call.
    if (batch.calls.length >= FLUSH_AT_QUEUE_LENGTH && !this.flushing) void this.flush();
  }

  /** Writes everything recorded so far; concurrent callers share one flush. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!hasRecords(this.current) && this.unwritten.length === 0) return;
    this.flushing = this.writeUnwritten().finally(() => {
      this.flushing = undefined;
      this.releaseWaiting();
      // Written, and still full of what arrived meanwhile: the next flush starts now. (After a failed
      // write the interval's timer retries, so a database that is away is not hammered.)
      if (this.waiting.length > 0 && this.unwritten.length === 0) setImmediate(() => void this.flush());
    });
    await this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Takes the current batch and writes the unwritten ones in order, up to the first failure. */
  private async writeUnwritten(): Promise<void> {
    if (hasRecords(this.current)) {
      this.unwritten.push(this.current);
      this.unwrittenCalls += this.current.calls.length;
      this.current = newBatch();
    }
    for (let batch = this.unwritten[0]; batch; batch = this.unwritten[0]) {
      const started = performance.now();
      try {
        await this.write(batch);
      } catch (error) {
        metrics.callLogFlush("failure", (performance.now() - started) / 1000);
        this.onError(error);
        return;
      }
      metrics.callLogFlush("success", (performance.now() - started) / 1000);
      this.unwritten.shift();
      this.unwrittenCalls -= batch.calls.length;
    }
  }

  private async write(batch: Batch): Promise<void> {
    const { calls, projects, usage, keyLastUsed } = batch;
    await this.database.bulkTransaction(async (tx) => {
      // Ids of a server that stopped before their commit was confirmed are kept a day at most.
      await tx.query(
        "delete from call_log_batch where id = any($1::text[]) or created_at < now() - interval '1 day'",
        [this.confirmed],
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
    });
    this.confirmed = [batch.id];
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
    for (const chunk of calls.chunks(COPY_CHUNK)) await tx.copyCsv(`tool_call (${COLUMNS})`, chunk);
    return;
  }
  await tx.query("create temporary table tool_call_incoming (like tool_call) on commit drop");
  for (const chunk of calls.chunks(COPY_CHUNK)) await tx.copyCsv(`tool_call_incoming (${COLUMNS})`, chunk);
  await tx.query(
    `insert into tool_call select i.* from tool_call_incoming i
     where exists (select 1 from project p where p.id = i.project_id)`,
  );
}
