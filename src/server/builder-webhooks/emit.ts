// Emitting an event: the endpoints of the organization that want it (type, project and agent filters)
// each get a delivery row and a queued job. It runs in the background and reports its own failures, so
// the action that caused the event (a connection, a decision, a run) never waits for it nor fails by it.
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { WebhookEventType } from "../../lib/builder-webhooks/event-types.ts";
import type { App } from "../app-services.ts";
import { backgroundWork } from "../background-work.ts";
import { webhookDelivery, webhookEndpoint } from "../db/schema/index.ts";
import { enqueueDeliveries } from "./delivery-queue.ts";

export interface WebhookEvent {
  organizationId: string;
  type: WebhookEventType;
  /** The project it happened in; an endpoint filtered to a project gets only that project's events. */
  projectId?: string | null;
  /** The agent it is about; an endpoint filtered to an agent gets only that agent's events. */
  agentId?: string | null;
  data: Record<string, unknown>;
}

/** The body receivers get: Standard Webhooks' recommended `type`, `timestamp`, `data`, plus the id. */
export function eventBody(
  eventId: string,
  type: string,
  organizationId: string,
  data: Record<string, unknown>,
) {
  return { id: eventId, type, timestamp: new Date().toISOString(), organizationId, data };
}

export const newEventId = () => `evt_${crypto.randomUUID().replaceAll("-", "")}`;

async function emit(app: App, event: WebhookEvent): Promise<void> {
  const project = event.projectId ?? null;
  const agent = event.agentId ?? null;
  const endpoints = await app.db
    .select({ id: webhookEndpoint.id })
    .from(webhookEndpoint)
    .where(
      and(
        eq(webhookEndpoint.organizationId, event.organizationId),
        eq(webhookEndpoint.enabled, true),
        sql`${webhookEndpoint.eventTypes} @> ${JSON.stringify([event.type])}::jsonb`,
        project
          ? or(isNull(webhookEndpoint.projectId), eq(webhookEndpoint.projectId, project))
          : isNull(webhookEndpoint.projectId),
        agent
          ? or(isNull(webhookEndpoint.agentId), eq(webhookEndpoint.agentId, agent))
          : isNull(webhookEndpoint.agentId),
      ),
    );
  if (endpoints.length === 0) return;
  const eventId = newEventId();
  const payload = eventBody(eventId, event.type, event.organizationId, event.data);
  const now = new Date();
  const rows = await app.db
    .insert(webhookDelivery)
    .values(
      endpoints.map((endpoint) => ({
        organizationId: event.organizationId,
        endpointId: endpoint.id,
        eventId,
        eventType: event.type,
        payload,
        createdAt: now,
      })),
    )
    .returning({ id: webhookDelivery.id });
  await enqueueDeliveries(
    app,
    rows.map((row) => row.id),
  );
}

// Emits under way, per app instance: tests (and a clean stop) wait for them with webhookEmitsSettled.
const emitting = backgroundWork("builder-webhooks");

/** Emits in the background (the event itself, or what `event` reads); never throws. */
export function emitWebhookEvent(app: App, event: WebhookEvent | (() => Promise<WebhookEvent | null>)): void {
  emitting.start(
    app,
    (async () => {
      const built = typeof event === "function" ? await event() : event;
      if (built) await emit(app, built);
    })(),
  );
}

export async function webhookEmitsSettled(app: App): Promise<void> {
  await emitting.settled(app);
}
