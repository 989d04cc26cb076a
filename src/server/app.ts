// The server's services, built once per process (or per test) and passed down explicitly.
import { agentToolSource } from "./agents/agent-tool-source.ts";
import { failInterruptedRuns, interruptLiveRuns } from "./agents/neo/run-liveness.ts";
import { startRunResumer, stopRunResumer } from "./agents/neo/waiting-runs.ts";
import { createJobQueue, followScheduleStarts, type JobQueueOptions } from "./agents/schedules/job-queue.ts";
import { runScheduledSlot } from "./agents/schedules/run-scheduled.ts";
import { startSchedulesIfAny } from "./agents/schedules/schedule-store.ts";
import { outlookRenewalQueue, startRenewalsIfAny } from "./agents/triggers/outlook/outlook-subscription.ts";
import type { App } from "./app-services.ts";
import { schedulePruning } from "./audit/prune-schedule.ts";
import { pruneAuditEvents } from "./audit/retention.ts";
import { createAuth } from "./auth/auth.ts";
import { setupCode } from "./auth/instance-claim.ts";
import { createUsageAlerts } from "./billing/usage-alerts.ts";
import {
  startDeliveriesIfAny,
  type WebhookDeliveryTiming,
  webhookDeliveryQueue,
} from "./builder-webhooks/delivery-queue.ts";
import { webhookEmitsSettled } from "./builder-webhooks/emit.ts";
import { pruneWebhookDeliveries } from "./builder-webhooks/retention.ts";
import { type Config, config as loadConfig } from "./config.ts";
import { resolveKeyring } from "./crypto/keyring.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { applyMigrations } from "./db/migrate.ts";
import type { ToolSource } from "./gateway/catalogue/project-tools.ts";
import { createGateway } from "./gateway/gateway.ts";
import { connectionAlertsSettled } from "./integrations/connections/connection-alerts.ts";
import { onUpstreamToolsChanged } from "./integrations/engine/upstream-tool-changes.ts";
import { createMailer } from "./mail/mailer.ts";
import { configureLogging } from "./observability/logger.ts";
import { setGaugeSources, setMetricsCounting } from "./observability/metrics.ts";
import { reportError } from "./observability/report-error.ts";
import { createTracing } from "./observability/tracing.ts";
import { resolveAuthSecret } from "./secrets.ts";
import { projectServerToolSource } from "./servers/project-server-source.ts";
import { recordPackVersions } from "./servers/tool-pins/pack-versions.ts";
import { definitionMailsSettled } from "./servers/tool-pins/pin-alerts.ts";
import { upstreamToolsChangedForServers } from "./servers/tool-pins/upstream-changes.ts";

export interface AppOptions {
  /** Tool sources beyond the built-in ones (benchmarks and tests with synthetic tools). */
  extraToolSources?: ToolSource[];
  /** The schedule queue's clock (tests move a TestClock by hand). */
  jobClock?: JobQueueOptions["clock"];
  /** Webhook retries' first delay and polling (tests shorten them). */
  webhookDelivery?: WebhookDeliveryTiming;
}

export async function createApp(
  config: Config,
  database?: DatabaseHandle,
  options: AppOptions = {},
): Promise<App> {
  configureLogging(config.logging);
  setMetricsCounting(config.metrics.enabled);
  // Before the database opens: a missing production key stops the start with a clear message.
  const keyring = resolveKeyring(config);
  const handle =
    database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dataDir: config.dataDir },
    ));
  await applyMigrations(handle);
  // Runs a crash cut off (no heartbeat for a while) are marked interrupted before anyone reads them.
  await failInterruptedRuns(handle.db);
  // Better Auth's oauth-provider seeds rows while it initializes; server processes starting together
  // (WEB_CONCURRENCY, replicas) would each insert them, so initialization holds the migration lock.
  const mailer = createMailer(handle.db, config.smtpUrl, config.mailFrom);
  const claimCode = setupCode(resolveAuthSecret(config), config.setupCode);
  const auth = await handle.withMigrationLock(async () => {
    const created = createAuth({
      db: handle.db,
      baseUrl: config.baseUrl,
      secret: resolveAuthSecret(config),
      setupCode: claimCode,
      adminEmails: config.adminEmails,
      production: config.environment === "production",
      allowPrivateUrls: config.allowPrivateUrls,
      mailer,
      requireEmailVerification: config.requireEmailVerification,
    });
    await created.$context;
    return created;
  });
  // Project servers' tools need the whole App (keyring, config) that holds the gateway, so their
  // source reads it once it exists; tools are resolved only after createApp has returned.
  let app: App | undefined;
  const builtApp = () => {
    if (!app) throw new Error("Project tools were resolved before the app was built");
    return app;
  };
  const servers = projectServerToolSource(builtApp);
  // A remote MCP server's changed list reloads the projects using it, where pins are compared.
  onUpstreamToolsChanged(upstreamToolsChangedForServers);
  const usageAlerts = createUsageAlerts(handle.db, mailer, config.baseUrl, (error) =>
    reportError(error, { where: "usage-alerts" }),
  );
  app = {
    config,
    database: handle,
    db: handle.db,
    auth,
    mailer,
    gateway: await createGateway(
      handle,
      [servers, ...(options.extraToolSources ?? []), agentToolSource(builtApp)],
      usageAlerts,
    ),
    keyring,
    tracing: createTracing(config),
    agentSchedules: {
      queue: createJobQueue(handle, (job) => runScheduledSlot(builtApp(), job), {
        ...(options.jobClock ? { clock: options.jobClock } : {}),
        queues: [webhookDeliveryQueue(builtApp, options.webhookDelivery), outlookRenewalQueue(builtApp)],
      }),
    },
    setupCode: claimCode,
  };
  const { gateway } = app;
  setGaugeSources({
    callLogBacklog: () => gateway.recorder.backlog,
    callLogOldestUnwrittenSeconds: () => gateway.recorder.oldestUnwrittenMs / 1000,
    databasePool: () => handle.poolStats(),
    traceSpansDropped: () => app.tracing?.dropped() ?? 0,
  });
  // Runs paused for approval go on in whichever process is up when their step is decided.
  startRunResumer(app);
  return app;
}

// Kept on globalThis so the dev server's module reloads reuse the one PGlite that owns the data folder.
const globalApp = globalThis as typeof globalThis & {
  __porticoApp?: Promise<App>;
  __porticoStopPruning?: () => void;
};

/** The process-wide app, created on first use from the environment; it prunes its audit log daily. */
export function getApp(): Promise<App> {
  globalApp.__porticoApp ??= createApp(loadConfig()).then(async (app) => {
    // This build's integration packs, by version (servers/tool-pins/pack-versions.ts).
    recordPackVersions(app.db).catch((error) => reportError(error, { where: "pack-versions" }));
    globalApp.__porticoStopPruning = schedulePruning(
      // Webhook deliveries older than 30 days go on the same daily round (builder-webhooks/retention.ts).
      () => Promise.all([pruneAuditEvents(app.db), pruneWebhookDeliveries(app.db)]),
      (error) => reportError(error, { where: "audit-log-pruning" }),
    );
    await startSchedulesIfAny(app);
    await startDeliveriesIfAny(app);
    await startRenewalsIfAny(app);
    await followScheduleStarts(app.database, app.agentSchedules.queue);
    return app;
  });
  return globalApp.__porticoApp;
}

export async function closeApp(): Promise<void> {
  const pending = globalApp.__porticoApp;
  globalApp.__porticoApp = undefined;
  globalApp.__porticoStopPruning?.();
  if (!pending) return;
  const app = await pending;
  // Events under way are queued first: the queue must still be open to take their deliveries.
  await webhookEmitsSettled(app);
  // No new scheduled slot starts here; a run under way is marked interrupted below.
  await app.agentSchedules.queue.stop();
  // The call log is flushed before the database closes: a clean stop loses no recorded call.
  await app.gateway.stop();
  // A broken connection's e-mail under way is sent: its claim is taken, so no other process would send it.
  await connectionAlertsSettled(app);
  await definitionMailsSettled(app);
  // Runs of this process end now, marked interrupted, rather than being found stale later; those
  // paused for approval are released for another process to go on with.
  stopRunResumer(app);
  await interruptLiveRuns(app.db);
  await app.database.close();
  await app.tracing?.shutdown();
}
