// An endpoint's deliveries with every attempt's answer, redelivering one, and the page's test event.
// Same shape as endpoints.ts: `(app, { organizationId }, input)`, confined to that organization.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { WEBHOOK_TEST_EVENT } from "../../lib/builder-webhooks/event-types.ts";
import {
  endpointIdInput,
  listDeliveriesInput,
  redeliverInput,
  type WebhookDeliveryView,
} from "../../lib/builder-webhooks/schemas.ts";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import { olderThan, pageOf } from "../db/keyset-page.ts";
import { webhookDelivery, webhookDeliveryAttempt } from "../db/schema/index.ts";
import { enqueueDeliveries } from "./delivery-queue.ts";
import { eventBody, newEventId } from "./emit.ts";
import { INVALID_CURSOR, requireEndpointRow, type WebhookScope } from "./endpoints.ts";

export const DELIVERY_NOT_FOUND = "There is no such webhook delivery in this organization.";

export async function listDeliveries(
  app: App,
  scope: WebhookScope,
  raw: z.input<typeof listDeliveriesInput>,
) {
  const input = listDeliveriesInput.parse(raw);
  const endpoint = await requireEndpointRow(app.db, scope.organizationId, input.endpointId);
  const where = [
    eq(webhookDelivery.organizationId, scope.organizationId),
    eq(webhookDelivery.endpointId, endpoint.id),
  ];
  if (input.cursor)
    where.push(olderThan(input.cursor, webhookDelivery.createdAt, webhookDelivery.id, INVALID_CURSOR));
  const rows = await app.db
    .select()
    .from(webhookDelivery)
    .where(and(...where))
    .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
    .limit(input.limit + 1);
  const page = pageOf(rows, input.limit);
  const attempts = page.items.length
    ? await app.db
        .select()
        .from(webhookDeliveryAttempt)
        .where(
          inArray(
            webhookDeliveryAttempt.deliveryId,
            page.items.map((item) => item.id),
          ),
        )
        .orderBy(asc(webhookDeliveryAttempt.number), asc(webhookDeliveryAttempt.startedAt))
    : [];
  const items: WebhookDeliveryView[] = page.items.map((row) => ({
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    payload: row.payload,
    status: row.status,
    attemptCount: row.attemptCount,
    lastAttemptAt: row.lastAttemptAt,
    createdAt: row.createdAt,
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === row.id)
      .map(({ number, startedAt, durationMs, responseStatus, responseBody, error }) => ({
        number,
        startedAt,
        durationMs,
        responseStatus,
        responseBody,
        error,
      })),
  }));
  return { items, nextCursor: page.nextCursor };
}

/** Sends the same event again (same `webhook-id`, so a receiver that had it drops it), newly signed. */
export async function redeliver(app: App, scope: WebhookScope, raw: z.input<typeof redeliverInput>) {
  const input = redeliverInput.parse(raw);
  const [row] = await app.db
    .update(webhookDelivery)
    .set({ status: "pending" })
    .where(
      and(eq(webhookDelivery.organizationId, scope.organizationId), eq(webhookDelivery.id, input.deliveryId)),
    )
    .returning({ id: webhookDelivery.id });
  if (!row) throw new AppError("NOT_FOUND", DELIVERY_NOT_FOUND);
  await enqueueDeliveries(app, [row.id]);
  return { deliveryId: row.id, status: "pending" as const };
}

/** A `webhook.test` event to this endpoint only, whatever it subscribes to, to try a receiver. */
export async function sendTestEvent(app: App, scope: WebhookScope, raw: z.input<typeof endpointIdInput>) {
  const input = endpointIdInput.parse(raw);
  const endpoint = await requireEndpointRow(app.db, scope.organizationId, input.endpointId);
  const eventId = newEventId();
  const [row] = await app.db
    .insert(webhookDelivery)
    .values({
      organizationId: scope.organizationId,
      endpointId: endpoint.id,
      eventId,
      eventType: WEBHOOK_TEST_EVENT,
      payload: eventBody(eventId, WEBHOOK_TEST_EVENT, scope.organizationId, {
        message: "A test event sent from Portico's webhooks page.",
        endpointId: endpoint.id,
      }),
      createdAt: new Date(),
    })
    .returning({ id: webhookDelivery.id });
  if (!row) throw new Error("webhook delivery insert returned no row");
  await enqueueDeliveries(app, [row.id]);
  return { deliveryId: row.id, status: "pending" as const };
}
