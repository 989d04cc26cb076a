// Records every tool call without a database write on the request path: calls are queued in memory
// (call-log-queue.ts) and flushed in batches (every second, or sooner when the queue grows), together
// with exact monthly usage per organization and each API key's last use. stop() flushes what is left,
// so a clean shutdown loses nothing; a failed flush keeps its batch for the next attempt.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { CallLogQueue } from "./call-log-queue.ts";
import type { Principal } from "./principal.ts";

const FLUSH_INTERVAL_MS = 1000;
const FLUSH_AT_QUEUE_LENGTH = 2000;
const INSERT_CHUNK = 100;
/**
 * Lets waiting requests run between chunks. The embedded database executes in this thread: one
 * statement of 2,000 rows held the event loop for about 60 ms, which every request waiting behind it
 * paid; 100-row statements with a turn of the event loop between them keep each pause to a few ms.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Past this, the oldest log rows are dropped (usage counts never are) rather than exhausting memory. */
const MAX_QUEUED_CALLS = 200_000;

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

export class CallRecorder {
  private calls = new CallLogQueue();
  /** "organizationId month" → requests not yet added to organization_usage. */
  private usage = new Map<string, number>();
  private keyLastUsed = new Map<string, Date>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private flushing: Promise<void> | undefined;
  droppedLogRows = 0;

  private readonly db: Database;
  private readonly onError: (error: unknown) => void;

  constructor(db: Database, onError: (error: unknown) => void) {
    this.db = db;
    this.onError = onError;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref?.();
  }

  record(call: RecordedCall): void {
    const { principal } = call;
    const createdAt = call.at.toISOString();
    // The row as tool_call's columns, which is what the insert in writeBatch reads.
    this.calls.push(
      JSON.stringify({
        id: randomUUID(),
        organization_id: principal.organizationId,
        project_id: principal.projectId,
        server_id: call.serverId,
        server_name: call.serverName,
        tool_name: call.toolName,
        channel: call.channel,
        api_key_id: principal.apiKeyId,
        oauth_client_id: principal.oauthClientId,
        caller_name: principal.callerName,
        user_id: principal.userId,
        status: call.status,
        duration_ms: Math.round(call.durationMs),
        error_message: call.errorMessage?.slice(0, 2000) ?? null,
        created_at: createdAt,
      }),
    );
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
    const calls = this.calls;
    const usage = this.usage;
    const keyLastUsed = this.keyLastUsed;
    this.calls = new CallLogQueue();
    this.usage = new Map();
    this.keyLastUsed = new Map();
    try {
      await this.db.transaction(async (tx) => {
        // One statement per table, rows passed as one JSON parameter. Rows of a project or
        // organization deleted meanwhile are skipped instead of failing the batch.
        for (const rows of calls.jsonArrays(INSERT_CHUNK)) {
          await tx.execute(sql`
            insert into tool_call
            select r.* from json_populate_recordset(null::tool_call, ${rows}::json) r
            where exists (select 1 from project p where p.id = r.project_id)
            on conflict do nothing`);
          await yieldToEventLoop();
        }
        if (usage.size > 0) {
          const rows = [...usage].map(([key, requests]) => {
            const [organization_id, month] = key.split(" ");
            return { organization_id, month, requests };
          });
          await tx.execute(sql`
            insert into organization_usage (organization_id, month, requests)
            select r.organization_id, r.month, r.requests
            from json_populate_recordset(null::organization_usage, ${JSON.stringify(rows)}::json) r
            where exists (select 1 from organization o where o.id = r.organization_id)
            on conflict (organization_id, month)
            do update set requests = organization_usage.requests + excluded.requests`);
        }
        if (keyLastUsed.size > 0) {
          const rows = [...keyLastUsed].map(([id, at]) => ({ id, at: at.toISOString() }));
          await tx.execute(sql`
            update api_key k set last_used_at = greatest(k.last_used_at, r.at)
            from json_to_recordset(${JSON.stringify(rows)}::json) as r(id text, at timestamptz)
            where k.id = r.id`);
        }
      });
    } catch (error) {
      // Put the batch back in front of anything recorded meanwhile, so the next flush retries it.
      this.onError(error);
      calls.append(this.calls);
      this.calls = calls;
      for (const [key, requests] of usage) this.usage.set(key, (this.usage.get(key) ?? 0) + requests);
      for (const [id, at] of keyLastUsed) if (!this.keyLastUsed.has(id)) this.keyLastUsed.set(id, at);
    }
  }
}
