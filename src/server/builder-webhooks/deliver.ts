// One attempt of a delivery: sign the body (Standard Webhooks, with the `standardwebhooks` library),
// POST it through the SSRF guard within 15 s, record the answer's status and first bytes, and throw
// when it failed and tries remain, so pg-boss retries the job with backoff.
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { App } from "../app-services.ts";
import { webhookDelivery, webhookDeliveryAttempt, webhookEndpoint } from "../db/schema/index.ts";
import { fetchPublicUrl, readTextCapped } from "../security/ssrf-guard.ts";
import { openWebhookSecret } from "./endpoint-secret.ts";

export const ATTEMPT_TIMEOUT_MS = 15_000;
export const RESPONSE_BODY_BYTES = 2048;

/** Thrown so pg-boss schedules the next try; the attempt itself is already recorded. */
export class DeliveryFailed extends Error {
  override name = "DeliveryFailed";
}

interface Outcome {
  status: number | null;
  body: string | null;
  error: string | null;
}

async function post(app: App, url: string, headers: Record<string, string>, body: string): Promise<Outcome> {
  try {
    const response = await fetchPublicUrl(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "Portico-Webhooks/1", ...headers },
        body,
      },
      { allowPrivateNetworks: app.config.allowPrivateUrls },
      // A receiver answers; it does not send us elsewhere (a redirect would be a second, unsigned target).
      { timeoutMs: ATTEMPT_TIMEOUT_MS, maxRedirects: 0 },
    );
    const read = await readTextCapped(response, RESPONSE_BODY_BYTES).catch(() => ({ text: "" }));
    return { status: response.status, body: read.text, error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return {
      status: null,
      body: null,
      error: timedOut
        ? `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`
        : message === "Too many redirects."
          ? "The receiver answered with a redirect, which is not followed"
          : message,
    };
  }
}

export async function attemptDelivery(
  app: App,
  deliveryId: string,
  { lastAttempt }: { lastAttempt: boolean },
) {
  const [found] = await app.db
    .select({ delivery: webhookDelivery, endpoint: webhookEndpoint })
    .from(webhookDelivery)
    .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
    .where(eq(webhookDelivery.id, deliveryId));
  // Deleted with its endpoint meanwhile: nothing to deliver.
  if (!found) return;
  const { delivery, endpoint } = found;
  if (!endpoint.enabled) {
    await app.db.update(webhookDelivery).set({ status: "failed" }).where(eq(webhookDelivery.id, delivery.id));
    return;
  }
  const body = JSON.stringify(delivery.payload);
  const startedAt = new Date();
  const signer = new Webhook(openWebhookSecret(app.keyring, endpoint));
  const headers = {
    "webhook-id": delivery.eventId,
    "webhook-timestamp": String(Math.floor(startedAt.getTime() / 1000)),
    "webhook-signature": signer.sign(delivery.eventId, startedAt, body),
  };
  const began = performance.now();
  const outcome = await post(app, endpoint.url, headers, body);
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const status = ok ? "succeeded" : lastAttempt ? "failed" : "retrying";
  await app.db.transaction(async (tx) => {
    const [counted] = await tx
      .update(webhookDelivery)
      .set({ status, attemptCount: sql`${webhookDelivery.attemptCount} + 1`, lastAttemptAt: startedAt })
      .where(eq(webhookDelivery.id, delivery.id))
      .returning({ attemptCount: webhookDelivery.attemptCount });
    await tx.insert(webhookDeliveryAttempt).values({
      deliveryId: delivery.id,
      number: counted?.attemptCount ?? delivery.attemptCount + 1,
      startedAt,
      durationMs: Math.round(performance.now() - began),
      responseStatus: outcome.status,
      responseBody: outcome.body,
      error: outcome.error,
    });
  });
  if (!ok && !lastAttempt) {
    throw new DeliveryFailed(outcome.error ?? `The receiver answered ${outcome.status}`);
  }
}
