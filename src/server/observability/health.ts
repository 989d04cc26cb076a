// Liveness and readiness for load balancers and orchestrators. Both are unauthenticated, cheap and say
// nothing sensitive: a status word per check, never an error message, address or version.
//   /healthz — the process answers (nothing else is checked: a live process with a sick database
//              should be taken out of rotation, not restarted).
//   /readyz  — this replica should get traffic: the database answers within a time limit, every
//              migration this build knows is applied, cross-replica signals (LISTEN) are received, the
//              call log can take writes (one went through since start, the last flush did not fail),
//              and the server is not draining after SIGTERM. A call-log backlog is not a reason: it
//              holds new calls briefly but answers them, and since it comes from what all replicas
//              share (database, CPU), failing on it took every replica out of rotation at once, and
//              a rolling restart at load lost calls to "no ready backend" (issue 45).
//              Draining answers at once, without the database round trip, so a load balancer sees it
//              within its probe interval however loaded the database is.
// Probes arriving together share one database round trip, and a result is reused for a moment, so a
// busy prober costs the database next to nothing.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { App } from "../app-services.ts";
import { migrationsFolder } from "../db/migrate.ts";

export const LIVENESS_PATH = "/healthz";
export const READINESS_PATH = "/readyz";

const DATABASE_TIMEOUT_MS = 2_000;
const REUSE_MS = 500;

type CheckState = "ok" | "failing";
export interface Readiness {
  ready: boolean;
  checks: {
    database: CheckState;
    migrations: CheckState;
    listen: CheckState;
    callLog: CheckState;
    draining: CheckState;
  };
}

/** Apps past SIGTERM (one per server process; a test process holds many, which must not share it). */
const drainingApps = new WeakSet<App>();
/** From SIGTERM on, readiness fails so load balancers stop sending new requests here. */
export function startDraining(app: App): void {
  drainingApps.add(app);
}

let latestMigration: number | undefined;
/** The creation time drizzle records for the newest migration this build carries. */
function latestMigrationMillis(): number {
  if (latestMigration === undefined) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: Array<{ when: number }>;
    };
    latestMigration = Math.max(0, ...journal.entries.map((entry) => entry.when));
  }
  return latestMigration;
}

/** "ok" when the database answered; then whether the newest migration is among those applied. */
async function databaseChecks(app: App): Promise<{ database: CheckState; migrations: CheckState }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), DATABASE_TIMEOUT_MS);
  });
  const query = app.db
    .execute(sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`)
    .then(
      (result) => (result as unknown as { rows: Array<{ latest: string | null }> }).rows[0]?.latest ?? null,
    )
    .then(
      (latest) => ({ latest }),
      () => null,
    );
  try {
    const answer = await Promise.race([query, timeout]);
    if (!answer) return { database: "failing", migrations: "failing" };
    const applied = answer.latest === null ? 0 : Number(answer.latest);
    return { database: "ok", migrations: applied >= latestMigrationMillis() ? "ok" : "failing" };
  } finally {
    clearTimeout(timer);
  }
}

const pending = new WeakMap<App, { at: number; result: Promise<Readiness> }>();

/** Whether the call log can take writes; if not, one write of nothing is tried within the time limit. */
async function callLogCheck(app: App): Promise<CheckState> {
  const { recorder } = app.gateway;
  if (recorder.writable) return "ok";
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    recorder.warmUp(),
    new Promise((resolve) => {
      timer = setTimeout(resolve, DATABASE_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  return recorder.writable ? "ok" : "failing";
}

async function check(app: App): Promise<Readiness> {
  const [database, callLog] = await Promise.all([databaseChecks(app), callLogCheck(app)]);
  const checks: Readiness["checks"] = {
    ...database,
    listen: app.database.listening() ? "ok" : "failing",
    callLog,
    draining: drainingApps.has(app) ? "failing" : "ok",
  };
  return { ready: Object.values(checks).every((state) => state === "ok"), checks };
}

/** Each app's last finished checks, which a draining answer repeats beside draining: "failing". */
const lastChecks = new WeakMap<App, Readiness["checks"]>();

export function readiness(app: App): Promise<Readiness> {
  // Known at once: no database round trip between SIGTERM and the load balancer hearing of it.
  if (drainingApps.has(app)) {
    const known = lastChecks.get(app) ?? {
      database: "ok",
      migrations: "ok",
      listen: "ok",
      callLog: "ok",
      draining: "ok",
    };
    return Promise.resolve({ ready: false, checks: { ...known, draining: "failing" } });
  }
  const now = Date.now();
  const recent = pending.get(app);
  if (recent && now - recent.at < REUSE_MS) return recent.result;
  const result = check(app);
  void result.then((finished) => lastChecks.set(app, finished.checks));
  pending.set(app, { at: now, result });
  return result;
}

const NO_STORE = { "cache-control": "no-store", "content-type": "application/json" };

export const livenessResponse = () => new Response('{"status":"alive"}', { headers: NO_STORE });

export async function readinessResponse(app: App): Promise<Response> {
  const result = await readiness(app);
  return new Response(
    JSON.stringify({ status: result.ready ? "ready" : "not ready", checks: result.checks }),
    {
      status: result.ready ? 200 : 503,
      headers: NO_STORE,
    },
  );
}
