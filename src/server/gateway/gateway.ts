// The gateway's long-lived parts for one process: who a token belongs to, which tools a project has,
// and the call recorder. Caches are dropped for a project on every replica through a PostgreSQL
// notification whenever something behind them changes.
import { QuotaMeter, type UsageListener } from "../billing/quota-meter.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { ApprovalWaiters } from "../governance/approval-waiters.ts";
import { reportError } from "../observability/report-error.ts";
import { PrincipalResolver } from "./auth/authenticate.ts";
import { keyHashPrefix } from "./auth/known-key-hashes.ts";
import { ProjectToolCatalog, type ToolSource } from "./catalogue/project-tools.ts";
import { standardToolSource } from "./catalogue/standard-tools/project-standard-tools.ts";
import { relayElicitation } from "./input-requests/elicitation-relay.ts";
import { LegacyElicitation } from "./input-requests/legacy-elicitation.ts";
import { CallRecorder } from "./pipeline/call-recorder.ts";

const CHANNEL = "portico_gateway";
/** Payload prefix for "this organization's plan changed" (projects are notified by their bare id). */
const PLAN_CHANGED = "plan:";
/** Payload prefix for "a key with this hash prefix was created" (known-key-hashes.ts). */
const KEY_CREATED = "key:";
const ALL_PROJECTS = "*";

export interface Gateway {
  principals: PrincipalResolver;
  tools: ProjectToolCatalog;
  recorder: CallRecorder;
  /** Monthly requests admitted against the organization's plan (billing/quota-meter.ts). */
  quota: QuotaMeter;
  /** Questions to the person on 2025-11-25 streams, waiting for answers from any process. */
  elicitation: LegacyElicitation;
  /** Calls waiting on an approval's outcome, woken from any process (governance/approval-waiters.ts). */
  approvals: ApprovalWaiters;
  /** The organization's plan changed: every replica reads it again before its next call. */
  invalidatePlan(organizationId: string): Promise<void>;
  /** Drops cached keys and tools of a project here and on every other replica. */
  invalidateProject(projectId: string): Promise<void>;
  /**
   * A key was created: every replica may read it from now on (unknown keys are refused unread). Awaited
   * before the key's secret is shown, so the notification is on its way before anyone can use the key.
   */
  keyCreated(secretHash: string): Promise<void>;
  stop(): Promise<void>;
}

export async function createGateway(
  database: DatabaseHandle,
  extraSources: ToolSource[] = [],
  onUsage: UsageListener = () => undefined,
): Promise<Gateway> {
  const principals = new PrincipalResolver(database, () => database.listening());
  const reloadKnownKeys = () =>
    principals.knownKeys.reload().catch((error: unknown) => reportError(error, { where: "known-keys" }));
  const tools = new ProjectToolCatalog(database.db, [standardToolSource, ...extraSources], (message) =>
    console.warn(`[gateway] ${message}`),
  );
  const recorder = new CallRecorder(
    database,
    (error) => reportError(error, { where: "call-recorder" }),
    (message) => console.warn(`[gateway] ${message}`),
  );
  const quota = new QuotaMeter(database.db, onUsage, (error) => reportError(error, { where: "quota" }));
  const forget = (projectId: string) => {
    if (projectId.startsWith(PLAN_CHANGED)) {
      quota.forget(projectId.slice(PLAN_CHANGED.length));
      return;
    }
    if (projectId.startsWith(KEY_CREATED)) {
      principals.keyCreated(projectId.slice(KEY_CREATED.length));
      return;
    }
    if (projectId === ALL_PROJECTS) {
      principals.forgetAll();
      tools.forgetAll();
    } else {
      principals.forgetProject(projectId);
      tools.forgetProject(projectId);
    }
  };
  // After the listening connection was lost, any key or tool may have changed unheard: drop them all.
  await database.listen(CHANNEL, forget, () => {
    forget(ALL_PROJECTS);
    void reloadKnownKeys();
  });
  await reloadKnownKeys();
  const elicitation = new LegacyElicitation();
  await relayElicitation(database, elicitation);
  const approvals = new ApprovalWaiters();
  await approvals.listen(database);
  recorder.start();
  // Before the server listens: readiness is true from the first probe when the call log can write.
  await recorder.warmUp();
  quota.start();
  return {
    principals,
    tools,
    recorder,
    quota,
    elicitation,
    approvals,
    async invalidatePlan(organizationId) {
      quota.forget(organizationId);
      await database.notify(CHANNEL, `${PLAN_CHANGED}${organizationId}`);
    },
    async invalidateProject(projectId) {
      forget(projectId);
      await database.notify(CHANNEL, projectId);
    },
    async keyCreated(secretHash) {
      const prefix = keyHashPrefix(secretHash);
      principals.keyCreated(prefix);
      await database.notify(CHANNEL, `${KEY_CREATED}${prefix}`);
    },
    stop: async () => {
      await quota.stop();
      await recorder.stop();
    },
  };
}
