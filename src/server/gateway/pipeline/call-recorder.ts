// Records every tool call without a database write on the request path: calls are queued in memory
// (call-log-queue.ts) and flushed in batches, together with exact monthly usage per organization and
// each API key's last use. stop() flushes what is left, so a clean shutdown loses nothing; a failed
// flush keeps its batch, and the next one retries it under the same id, which call_log_batch records
// with it, so it is never counted twice.
//
// What a crash (kill -9) loses is every answered call not yet committed, log rows and usage alike. The
// guarantee is stated in time, not in calls, so it holds on any machine at any load: no tool call
// starts while a call answered more than FLUSH_INTERVAL_MS ago is still unwritten (queued, or in the
// flush under way). New calls wait in room(), awaited by run-tool.ts, until a commit makes room, and
// the recorder says so loudly; nothing is dropped. So a crash loses at most the calls answered within
// one flush interval (and those already running when the wait began). A count bound (4,000 calls until
// issue 24) was not that: on a slow database 4,000 calls were 1.4 s of them.
//
// At normal load nothing waits: a flush starts once the oldest queued call is FLUSH_AFTER_MS old (half
// the interval) or FLUSH_AT_QUEUE_LENGTH calls are queued, and takes milliseconds. Calls wait only when
// the database takes about half an interval or more per flush; flushes then follow each other at once.
//
// Rows go in with COPY (call-log-batch.ts writes a batch), as CSV made once per call in record(). On
// the embedded database the call log is the one thing that costs CPU beside every request, and COPY
// into tool_call as shaped in migration 0006 costs a third of the JSON insert it replaced (see
// docs/perf/gateway-decisions-2026-11.md, "Call log in bulk").
import type { DatabaseHandle } from "../../db/client.ts";
import { metrics } from "../../observability/metrics.ts";
import { type Batch, hasRecords, newBatch, writeBatch } from "./call-log-batch.ts";
import { type RecordedCall, toolCallCsvLine } from "./call-log-row.ts";
import { isoTimestamp } from "./iso-timestamp.ts";

/**
 * The flush interval: the most a crash may lose, as time. No new call starts while a call answered
 * longer ago than this is unwritten. Also how long a failed flush waits before it is retried.
 */
export const FLUSH_INTERVAL_MS = 1000;
/** Age of the oldest queued call at which a flush starts: half the interval is left for the write. */
const FLUSH_AFTER_MS = FLUSH_INTERVAL_MS / 2;
/**
 * How often the queue's age is checked (a timer per call would be one more allocation per call). The
 * check runs only while something is queued, unwritten or being written: an idle server has no timer
 * waking it 20 times a second.
 */
const AGE_CHECK_MS = FLUSH_INTERVAL_MS / 20;
/** Queued calls at which a flush starts however young they are: bounds one transaction's size. */
const FLUSH_AT_QUEUE_LENGTH = 2000;
/** The calendar month in UTC, "YYYY-MM", that a call at `at` counts towards. */
export const usageMonth = (at: Date) => at.toISOString().slice(0, 7);

type CallLogDatabase = Pick<DatabaseHandle, "bulkTransaction">;

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
  /** Checks the queue's age while started (start() to stop()) and there is anything to write. */
  private ageCheck: ReturnType<typeof setInterval> | undefined;
  private started = false;
  private flushing: Promise<void> | undefined;
  /** When the last flush failed (performance.now()); the next try waits FLUSH_INTERVAL_MS. */
  private failedAt: number | null = null;
  /** Calls waiting in room() for a commit to bring the oldest unwritten call under the interval. */
  private waiting: Array<() => void> = [];
  /** When calls began to wait, while they do (for the warning that they may go again). */
  private fullSince: number | null = null;
  private heldCalls = 0;
  /** Whether a write went through since start (warmUp() or a flush): readiness waits for it. */
  private wrote = false;
  private warming: Promise<void> | undefined;

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

  /** Milliseconds since the oldest call not yet confirmed written was recorded; 0 when there is none. */
  get oldestUnwrittenMs(): number {
    const oldest = this.unwritten[0] ?? (hasRecords(this.current) ? this.current : null);
    return oldest ? performance.now() - oldest.firstRecordedAt : 0;
  }

  /** Whether new calls wait: a call older than the flush interval is unwritten, or calls already wait. */
  get full(): boolean {
    return this.waiting.length > 0 || this.oldestUnwrittenMs >= FLUSH_INTERVAL_MS;
  }

  /**
   * Whether the call log can take writes: one went through (warmUp() or a flush) and the last flush
   * did not fail. This, not `full`, is what readiness asks: a backlog holds new calls (room()) but
   * they are still answered, and a backlog comes from the database or the CPU every replica shares,
   * so failing readiness on it took every replica out of the load balancer at once (issue 45).
   */
  get writable(): boolean {
    return this.wrote && this.failedAt === null;
  }

  /**
   * A write of nothing, through the path flushes take (a transaction on the bulk connection that
   * also drops batch ids older than a day), so that readiness turns true only once the call log can
   * take writes. Concurrent callers share one; a failure is reported and leaves `writable` false.
   */
  warmUp(): Promise<void> {
    this.warming ??= this.database
      .bulkTransaction(async (tx) => {
        await tx.query("delete from call_log_batch where created_at < now() - interval '1 day'");
      })
      .then(
        () => {
          this.wrote = true;
        },
        (error: unknown) => this.onError(error),
      )
      .finally(() => {
        this.warming = undefined;
      });
    return this.warming;
  }

  /**
   * Null while a new call may run at once; otherwise a promise that resolves once a commit has left no
   * call older than the flush interval unwritten (callers bound the wait with their own time limit).
   */
  room(): Promise<void> | null {
    if (this.waiting.length === 0 && (this.backlog === 0 || this.oldestUnwrittenMs < FLUSH_INTERVAL_MS)) {
      return null;
    }
    if (this.fullSince === null) {
      this.fullSince = performance.now();
      this.heldCalls = 0;
      this.warn(
        `Call log backlog full (${this.backlog} calls not yet written, the oldest ` +
          `${Math.round(this.oldestUnwrittenMs)} ms ago): new tool calls wait until the database ` +
          `catches up, so that a crash loses at most ${FLUSH_INTERVAL_MS} ms of calls. The database is ` +
          "slower than the call rate.",
      );
    }
    this.heldCalls++;
    // A failed flush is retried by the age check after its pause, not by every call that waits.
    if (!this.flushing && this.failedAt === null) void this.flush();
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Lets waiting calls go once a commit has left no call older than the flush interval unwritten. */
  private releaseWaiting(): void {
    if (this.waiting.length === 0 || this.oldestUnwrittenMs >= FLUSH_INTERVAL_MS) return;
    if (this.fullSince !== null) {
      this.warn(
        `Call log caught up after ${Math.round(performance.now() - this.fullSince)} ms; ` +
          `${this.heldCalls} tool calls were held meanwhile.`,
      );
      this.fullSince = null;
    }
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  start(): void {
    this.started = true;
    if (this.hasWork()) this.armAgeCheck();
  }

  /** Anything the age check may have to act on: queued, unwritten or being written calls. */
  private hasWork(): boolean {
    return this.flushing !== undefined || this.unwritten.length > 0 || hasRecords(this.current);
  }

  private armAgeCheck(): void {
    if (!this.started || this.ageCheck) return;
    this.ageCheck = setInterval(() => this.checkAge(), AGE_CHECK_MS);
    this.ageCheck.unref?.();
  }

  /** Starts a flush when the oldest queued call is FLUSH_AFTER_MS old, or retries a failed one. */
  private checkAge(): void {
    if (!this.hasWork()) {
      // Nothing left to write: the next record() arms the check again.
      clearInterval(this.ageCheck);
      this.ageCheck = undefined;
      return;
    }
    if (this.flushing) return;
    const now = performance.now();
    if (this.failedAt !== null) {
      if (now - this.failedAt >= FLUSH_INTERVAL_MS) void this.flush();
    } else if (hasRecords(this.current) && now - this.current.firstRecordedAt >= FLUSH_AFTER_MS) {
      void this.flush();
    }
  }

  record(call: RecordedCall): void {
    const { principal } = call;
    const batch = this.current;
    if (batch.calls.length === 0) {
      batch.firstRecordedAt = performance.now();
      this.armAgeCheck();
    }
    const createdAt = isoTimestamp(call.at);
    batch.calls.push(toolCallCsvLine(call, createdAt));
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
      // record() starts no flush while one is under way: what arrived meanwhile goes now if it is due.
      // (A failed write is retried by the age check after an interval: a database that is away is not
      // hammered.)
      if (this.failedAt === null && this.flushDue()) setImmediate(() => void this.flush());
    });
    await this.flushing;
  }

  /** Whether the queued calls should be written without waiting for the age check. */
  private flushDue(): boolean {
    const batch = this.current;
    if (!hasRecords(batch)) return false;
    return (
      this.waiting.length > 0 ||
      batch.calls.length >= FLUSH_AT_QUEUE_LENGTH ||
      performance.now() - batch.firstRecordedAt >= FLUSH_AFTER_MS
    );
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.ageCheck) clearInterval(this.ageCheck);
    this.ageCheck = undefined;
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
        this.failedAt = performance.now();
        this.onError(error);
        return;
      }
      metrics.callLogFlush("success", (performance.now() - started) / 1000);
      this.failedAt = null;
      this.wrote = true;
      this.unwritten.shift();
      this.unwrittenCalls -= batch.calls.length;
    }
  }

  private async write(batch: Batch): Promise<void> {
    await this.database.bulkTransaction((tx) => writeBatch(tx, batch, this.confirmed));
    this.confirmed = [batch.id];
  }
}
