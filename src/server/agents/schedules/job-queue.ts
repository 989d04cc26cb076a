// The job library under scheduled agent runs: pg-boss (a maintained queue on PostgreSQL's SKIP LOCKED,
// with cron schedules in a time zone and a policy for slots missed while no process ran). Each
// agent_schedule row is one pg-boss schedule keyed by the row's id; every replica runs a worker, and
// pg-boss sends one job per slot however many replicas watch the clock, so a slot runs once. On the
// embedded database it uses the database thread's one connection (`fromPglite`).
//
// It starts only once a schedule exists (at start-up when one is enabled, or when one is created):
// an instance without schedules, and every test that does not make one, carries no queue, no schema
// install and no timers. Creating a schedule tells the other replicas to start theirs (NOTIFY).
// Other features add their queues to the same pg-boss (`ExtraQueue`: webhook deliveries), so there is
// one instance, one schema and one set of timers per process whatever uses it.
import type { Clock, Job, JobPollingOptions, PgBoss, QueueOptions, SendOptions } from "pg-boss";
import type { DatabaseHandle, JobBackend } from "../../db/client.ts";
import { reportError } from "../../observability/report-error.ts";

export const SCHEDULE_QUEUE = "agent-schedule";
const START_CHANNEL = "agent_schedules_started";

export interface ScheduledJob {
  scheduleId: string;
}

export interface ScheduleTiming {
  cron: string;
  timeZone: string;
}

export interface JobQueue {
  /** Starts the queue on this replica (idempotent) and, with `announce`, on every other one. */
  start(options?: { announce?: boolean }): Promise<void>;
  /** Makes pg-boss's schedule for `scheduleId` match: timed as given, or none (null). */
  setSchedule(scheduleId: string, timing: ScheduleTiming | null): Promise<void>;
  /** Sends a job to one of the `queues` given at creation, starting the queue here if needed. */
  send(queue: string, data: object, options?: SendOptions): Promise<void>;
  readonly started: boolean;
  stop(): Promise<void>;
}

/**
 * Another feature's queue on the same pg-boss instance (webhook deliveries): created and worked on every
 * replica whose queue starts, so one pg-boss, one schema and one set of timers serve them all.
 */
export interface ExtraQueue {
  name: string;
  options: QueueOptions;
  polling?: JobPollingOptions;
  handle(job: Job<object>): Promise<void>;
}

export interface JobQueueOptions {
  /** pg-boss's clock: tests pass its TestClock to move time by hand. */
  clock?: Clock;
  queues?: ExtraQueue[];
}

/** pg-boss is imported when the queue first starts: a server without schedules never loads it (~5.6 MB of heap). */
async function bossFor(backend: JobBackend, clock: Clock | undefined): Promise<PgBoss> {
  const { PgBoss, fromPglite } = await import("pg-boss");
  const shared = {
    schema: "pgboss",
    // No instance registry or queue statistics: nothing here reads them, and each is a timer.
    registerInstance: false,
    persistQueueStats: false,
    useListenNotify: true,
    // Due slots are looked for every 15 s instead of 5: a run starts up to 15 s after its minute, and
    // an idle process wakes a third as often.
    cronWorkerIntervalSeconds: 15,
    ...(clock ? { clock } : {}),
  };
  if (backend.kind === "postgres") return new PgBoss({ ...shared, connectionString: backend.url, max: 3 });
  const { client } = backend;
  let listening = true;
  const db = fromPglite({
    query: (sql, params) => client.query(sql, params) as Promise<{ rows: never[] }>,
    exec: (sql) => client.exec(sql),
    // The database thread cannot unlisten; a stopped queue just stops hearing.
    async listen(channel, onPayload) {
      await client.listen(channel, (payload) => listening && onPayload(payload));
      return async () => {
        listening = false;
      };
    },
  });
  return new PgBoss({ ...shared, db, backend: "pglite" });
}

export function createJobQueue(
  database: DatabaseHandle,
  handle: (job: ScheduledJob) => Promise<void>,
  options: JobQueueOptions = {},
): JobQueue {
  let boss: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let stopped = false;

  const open = async (): Promise<PgBoss> => {
    const created = await bossFor(database.jobBackend, options.clock);
    created.on("error", (error) => reportError(error, { where: "agent-schedules" }));
    await created.start();
    // A scheduled run is not retried: a second run of a failed one would repeat what it wrote.
    await created.createQueue(SCHEDULE_QUEUE, { retryLimit: 0, expireInSeconds: 60 * 60, notify: true });
    await created.work<ScheduledJob>(SCHEDULE_QUEUE, { batchSize: 1 }, async ([job]: Job<ScheduledJob>[]) => {
      if (job) await handle(job.data);
    });
    for (const extra of options.queues ?? []) {
      await created.createQueue(extra.name, extra.options);
      await created.work<object>(extra.name, { batchSize: 1, ...extra.polling }, async ([job]) => {
        if (job) await extra.handle(job);
      });
    }
    boss = created;
    return created;
  };

  const ensure = (): Promise<PgBoss> => {
    if (stopped) return Promise.reject(new Error("The schedule queue has stopped"));
    starting ??= open().catch((error: unknown) => {
      starting = null;
      throw error;
    });
    return starting;
  };

  return {
    get started() {
      return boss !== null;
    },
    async start({ announce = false } = {}) {
      await ensure();
      if (announce) await database.notify(START_CHANNEL, "start");
    },
    async send(queue, data, sendOptions) {
      const started = await ensure();
      await started.send(queue, data, sendOptions ?? {});
    },
    async setSchedule(scheduleId, timing) {
      const queue = await ensure();
      if (!timing) {
        await queue.unschedule(SCHEDULE_QUEUE, scheduleId);
        return;
      }
      // "once": after downtime, the most recent missed slot runs once; older ones are skipped.
      await queue.schedule(SCHEDULE_QUEUE, timing.cron, { scheduleId } satisfies ScheduledJob, {
        tz: timing.timeZone,
        key: scheduleId,
        missed: "once",
      });
    },
    async stop() {
      stopped = true;
      const running = starting ? await starting.catch(() => null) : null;
      // Not graceful: a run under way is not waited for (closeApp marks it interrupted), and with no
      // retries its slot is not run again elsewhere.
      await running?.stop({ graceful: false });
      boss = null;
    },
  };
}

/** Starts this replica's queue when another replica announces its first schedule. */
export async function followScheduleStarts(database: DatabaseHandle, queue: JobQueue): Promise<void> {
  await database.listen(START_CHANNEL, () => {
    queue.start().catch((error: unknown) => reportError(error, { where: "agent-schedules" }));
  });
}
