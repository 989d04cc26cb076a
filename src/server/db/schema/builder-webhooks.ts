import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { WebhookEventType } from "../../../lib/builder-webhooks/event-types.ts";
import { projectAgent } from "./agents.ts";
import { user } from "./auth.ts";
import { belongsTo, createdAtColumn, idColumn, updatedAtColumn } from "./columns.ts";
import { organization } from "./organizations.ts";
import { project } from "./projects.ts";

/**
 * A URL of a builder's backend that Portico posts events to (server/builder-webhooks/). The signing
 * secret is envelope-encrypted (it must be read back to sign) and bound to the endpoint's id. A project
 * or agent filter goes with its project or agent: a filter that pointed nowhere would widen to "all".
 */
export const webhookEndpoint = pgTable(
  "webhook_endpoint",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => `whe_${crypto.randomUUID().replaceAll("-", "")}`),
    organizationId: belongsTo("organization_id", () => organization.id),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    eventTypes: jsonb("event_types").$type<WebhookEventType[]>().notNull(),
    projectId: text("project_id").references(() => project.id, { onDelete: "cascade" }),
    agentId: text("agent_id").references(() => projectAgent.id, { onDelete: "cascade" }),
    enabled: boolean("enabled").notNull().default(true),
    secret: text("secret").notNull(),
    secretKeyId: text("secret_key_id").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("webhook_endpoint_organization_idx").on(t.organizationId, t.createdAt),
    index("webhook_endpoint_key_idx").on(t.secretKeyId),
  ],
);

export type WebhookDeliveryStatus = "pending" | "retrying" | "succeeded" | "failed";

/**
 * One event for one endpoint. `eventId` is the Standard Webhooks `webhook-id`: the same on every retry
 * and redelivery, so a receiver drops what it has seen. The payload is the event as sent.
 */
export const webhookDelivery = pgTable(
  "webhook_delivery",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => `whd_${crypto.randomUUID().replaceAll("-", "")}`),
    organizationId: belongsTo("organization_id", () => organization.id),
    endpointId: belongsTo("endpoint_id", () => webhookEndpoint.id),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("pending"),
    attemptCount: integer("attempt_count").notNull().default(0),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("webhook_delivery_endpoint_idx").on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    index("webhook_delivery_created_idx").on(t.createdAt),
  ],
);

/** One POST of a delivery: when, how long, what the receiver answered (its first bytes) or why not. */
export const webhookDeliveryAttempt = pgTable(
  "webhook_delivery_attempt",
  {
    id: idColumn(),
    deliveryId: belongsTo("delivery_id", () => webhookDelivery.id),
    number: integer("number").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    error: text("error"),
  },
  (t) => [index("webhook_delivery_attempt_delivery_idx").on(t.deliveryId, t.number)],
);
