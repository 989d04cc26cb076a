// Webhook deliveries ride the project's one pg-boss (agents/schedules/job-queue.ts): a job per delivery,
// retried with exponential backoff by pg-boss itself, so a delivery survives a restart and is attempted
// by one replica at a time. Like schedules, the queue starts only when there is something to deliver:
// at start-up when an enabled endpoint exists, or when the first one is created (announced to all).
import { eq } from "drizzle-orm";
import type { Job } from "pg-boss";
import type { ExtraQueue } from "../agents/schedules/job-queue.ts";
import type { App } from "../app-services.ts";
import { webhookEndpoint } from "../db/schema/index.ts";
import { attemptDelivery } from "./deliver.ts";

export const WEBHOOK_QUEUE = "webhook-delivery";

export interface WebhookDeliveryJob {
  deliveryId: string;
}

export interface WebhookDeliveryTiming {
  /** First retry after about this long, doubling (with jitter) up to 6 hours. */
  retryDelaySeconds?: number;
  /** How often a worker looks for retries that became due. */
  pollSeconds?: number;
}

/** Attempts in all: the first and 8 retries, over about 4 hours at the default delay. */
export const WEBHOOK_RETRY_LIMIT = 8;

export function webhookDeliveryQueue(app: () => App, timing: WebhookDeliveryTiming = {}): ExtraQueue {
  const poll = timing.pollSeconds ?? 5;
  return {
    name: WEBHOOK_QUEUE,
    options: {
      retryLimit: WEBHOOK_RETRY_LIMIT,
      retryDelay: timing.retryDelaySeconds ?? 60,
      retryBackoff: true,
      retryDelayMax: 6 * 60 * 60,
      // An attempt is limited to 15 s (deliver.ts); a job still active after a minute was cut off.
      expireInSeconds: 60,
      // Kept for three days: a receiver down for a weekend still gets its events.
      retentionSeconds: 3 * 24 * 60 * 60,
    },
    polling: { pollingIntervalSeconds: poll, notifyPollingIntervalSeconds: poll },
    handle: (job: Job<object>) =>
      attemptDelivery(app(), (job.data as WebhookDeliveryJob).deliveryId, {
        lastAttempt: job.retryCount >= WEBHOOK_RETRY_LIMIT,
      }),
  };
}

/** Queues deliveries; a failure is reported, never thrown at the action that caused the event. */
export async function enqueueDeliveries(app: App, deliveryIds: string[]): Promise<void> {
  for (const deliveryId of deliveryIds) {
    await app.agentSchedules.queue.send(WEBHOOK_QUEUE, { deliveryId } satisfies WebhookDeliveryJob);
  }
}

/** The first endpoint starts the queue here and on every other replica. */
export async function startDeliveriesEverywhere(app: App): Promise<void> {
  await app.agentSchedules.queue.start({ announce: true });
}

/** At start-up: a replica with enabled endpoints works deliveries (including retries left by a restart). */
export async function startDeliveriesIfAny(app: App): Promise<void> {
  const [any] = await app.db
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.enabled, true))
    .limit(1);
  if (any) await app.agentSchedules.queue.start();
}
