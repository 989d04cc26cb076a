// A "new Outlook mail" trigger's Graph subscription over its life: made with the trigger (the project's
// Outlook connection is watched), renewed a day before it expires by a job on the project's pg-boss
// (agents/schedules/job-queue.ts), made again when Graph says it removed it, ended with the trigger.
// The clientState is 32 random bytes sent to Graph once; only its SHA-256 is stored.
import { eq } from "drizzle-orm";
import type { Job } from "pg-boss";
import { AppError } from "../../../../lib/errors.ts";
import type { App } from "../../../app-services.ts";
import { agentMailSubscription, agentTrigger, project } from "../../../db/schema/index.ts";
import { ConnectionUnavailableError } from "../../../integrations/connections/connection-errors.ts";
import { reportError } from "../../../observability/report-error.ts";
import type { ExtraQueue } from "../../schedules/job-queue.ts";
import { hashTriggerSecret, newTriggerSecret } from "../trigger-secret.ts";
import {
  createGraphSubscription,
  deleteGraphSubscription,
  GraphSubscriptionError,
  type GraphTarget,
  renewGraphSubscription,
} from "./graph-subscriptions.ts";

/** Where Graph POSTs a trigger's notifications (`/<trigger id>`) and lifecycle events (`…/lifecycle`). */
export const OUTLOOK_PUSH_PREFIX = "/api/agent-push/outlook";

export const RENEWAL_QUEUE = "outlook-subscription-renewal";

/** Renewed this long before it expires, so a day of Graph or Portico downtime loses no mail. */
export const RENEW_BEFORE_MS = 24 * 60 * 60_000;

export interface RenewalJob {
  triggerId: string;
}

export const notificationUrlOf = (app: App, triggerId: string) =>
  new URL(`${OUTLOOK_PUSH_PREFIX}/${encodeURIComponent(triggerId)}`, app.config.baseUrl).toString();

const lifecycleUrlOf = (app: App, triggerId: string) => `${notificationUrlOf(app, triggerId)}/lifecycle`;

const describe = (error: unknown) =>
  error instanceof GraphSubscriptionError || error instanceof ConnectionUnavailableError
    ? error.message
    : null;

async function targetOf(
  app: App,
  triggerId: string,
): Promise<(GraphTarget & { subscriptionId: string | null }) | null> {
  const [row] = await app.db
    .select({
      organizationId: project.organizationId,
      connectionId: agentMailSubscription.connectionId,
      subscriptionId: agentMailSubscription.subscriptionId,
    })
    .from(agentMailSubscription)
    .innerJoin(agentTrigger, eq(agentTrigger.id, agentMailSubscription.triggerId))
    .innerJoin(project, eq(project.id, agentTrigger.projectId))
    .where(eq(agentMailSubscription.triggerId, triggerId));
  return row?.connectionId ? { ...row, connectionId: row.connectionId } : null;
}

/** Queues the renewal a day before `expiresAt`; an early or repeated job finds nothing due and stops. */
async function scheduleRenewal(app: App, triggerId: string, expiresAt: Date): Promise<void> {
  const startAfter = new Date(Math.max(Date.now(), expiresAt.getTime() - RENEW_BEFORE_MS));
  await app.agentSchedules.queue.send(RENEWAL_QUEUE, { triggerId } satisfies RenewalJob, { startAfter });
}

/**
 * Subscribes the trigger's connection's Inbox (a new clientState each time). Graph validates the
 * notification URL before it answers, so the row with the clientState's hash exists first.
 */
export async function subscribeTrigger(
  app: App,
  trigger: { id: string; organizationId: string },
  connectionId: string,
): Promise<void> {
  const clientState = newTriggerSecret();
  const values = {
    connectionId,
    clientStateHash: hashTriggerSecret(clientState),
    subscriptionId: null,
    expiresAt: null,
    status: "active" as const,
    statusReason: null,
  };
  await app.db
    .insert(agentMailSubscription)
    .values({ triggerId: trigger.id, ...values })
    .onConflictDoUpdate({ target: agentMailSubscription.triggerId, set: values });
  const made = await createGraphSubscription(
    app,
    { organizationId: trigger.organizationId, connectionId },
    {
      notificationUrl: notificationUrlOf(app, trigger.id),
      lifecycleNotificationUrl: lifecycleUrlOf(app, trigger.id),
      clientState,
    },
  );
  const expiresAt = new Date(made.expirationDateTime);
  await app.db
    .update(agentMailSubscription)
    .set({ subscriptionId: made.id, expiresAt, renewedAt: new Date() })
    .where(eq(agentMailSubscription.triggerId, trigger.id));
  // Every replica works renewals once the first subscription exists.
  await app.agentSchedules.queue.start({ announce: true });
  await scheduleRenewal(app, trigger.id, expiresAt);
}

/** For createTrigger: Graph's or the connection's refusal as the form's message. */
export async function subscribeOrRefuse(
  app: App,
  trigger: { id: string; organizationId: string },
  connectionId: string,
): Promise<void> {
  try {
    await subscribeTrigger(app, trigger, connectionId);
  } catch (error) {
    const reason = describe(error);
    if (reason === null) throw error;
    throw new AppError("BAD_REQUEST", reason);
  }
}

async function markRemoved(app: App, triggerId: string, reason: string): Promise<void> {
  await app.db
    .update(agentMailSubscription)
    .set({ status: "removed", statusReason: reason.slice(0, 500) })
    .where(eq(agentMailSubscription.triggerId, triggerId));
}

/**
 * Renews the subscription when it is due (`force`: now, as Graph's reauthorizationRequired asks). One
 * Graph no longer knows (404) is made again; a refusal leaves the trigger marked "removed" with why.
 */
export async function renewTriggerSubscription(
  app: App,
  triggerId: string,
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  const [row] = await app.db
    .select()
    .from(agentMailSubscription)
    .where(eq(agentMailSubscription.triggerId, triggerId));
  if (row?.status !== "active") return;
  const target = await targetOf(app, triggerId);
  if (!target) {
    await markRemoved(app, triggerId, "The Outlook connection it watched was removed");
    return;
  }
  const due = !row.expiresAt || row.expiresAt.getTime() - Date.now() <= RENEW_BEFORE_MS + 60_000;
  if (!force && !due) return;
  try {
    if (!target.subscriptionId) throw new GraphSubscriptionError("no subscription yet", 404);
    const renewed = await renewGraphSubscription(app, target, target.subscriptionId);
    const expiresAt = new Date(renewed.expirationDateTime);
    await app.db
      .update(agentMailSubscription)
      .set({ expiresAt, renewedAt: new Date(), statusReason: null })
      .where(eq(agentMailSubscription.triggerId, triggerId));
    await scheduleRenewal(app, triggerId, expiresAt);
  } catch (error) {
    if (error instanceof GraphSubscriptionError && error.status === 404) {
      await resubscribe(app, triggerId);
      return;
    }
    // Unreachable or failing (5xx): thrown, so pg-boss retries; a refusal is final.
    const transient =
      error instanceof GraphSubscriptionError && (error.status === null || error.status >= 500);
    const reason = describe(error);
    if (reason === null || transient) throw error;
    await markRemoved(app, triggerId, reason);
  }
}

/** Graph removed the subscription (lifecycle subscriptionRemoved, or a renewal's 404): a new one. */
export async function resubscribe(app: App, triggerId: string): Promise<void> {
  const target = await targetOf(app, triggerId);
  if (!target) return;
  try {
    await subscribeTrigger(
      app,
      { id: triggerId, organizationId: target.organizationId },
      target.connectionId,
    );
  } catch (error) {
    const reason = describe(error);
    if (reason === null) throw error;
    await markRemoved(app, triggerId, reason);
  }
}

/** Before the trigger's row goes: Graph stops sending. A failure is reported, never blocks removal. */
export async function unsubscribeTrigger(app: App, triggerId: string): Promise<void> {
  const target = await targetOf(app, triggerId);
  if (!target?.subscriptionId) return;
  try {
    await deleteGraphSubscription(app, target, target.subscriptionId);
  } catch (error) {
    // The subscription lapses by itself within a week, and its notifications find no trigger.
    reportError(error, { where: `outlook-unsubscribe (trigger ${triggerId})` });
  }
}

export function outlookRenewalQueue(app: () => App): ExtraQueue {
  return {
    name: RENEWAL_QUEUE,
    // A failed renewal is retried for about a day (the margin before expiry), then marked removed.
    options: { retryLimit: 6, retryDelay: 15 * 60, retryBackoff: true, expireInSeconds: 5 * 60 },
    handle: (job: Job<object>) => renewTriggerSubscription(app(), (job.data as RenewalJob).triggerId),
  };
}

/** At start-up: a replica works renewals while any subscription is active. */
export async function startRenewalsIfAny(app: App): Promise<void> {
  const [any] = await app.db
    .select({ id: agentMailSubscription.triggerId })
    .from(agentMailSubscription)
    .where(eq(agentMailSubscription.status, "active"))
    .limit(1);
  if (any) await app.agentSchedules.queue.start();
}
