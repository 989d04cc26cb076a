// A "new Outlook mail" agent trigger's Microsoft Graph subscription (agents/triggers/outlook/): Graph
// POSTs a change notification for each message created in the connection's Inbox, carrying the
// clientState given when subscribing. Only the clientState's SHA-256 is kept (as a trigger URL's secret
// is), so a leaked database cannot forge notifications.
import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { agentTrigger } from "./agents.ts";
import { createdAtColumn } from "./columns.ts";
import { integrationConnection } from "./integration-connections.ts";

/** "active": Graph delivers; "removed": Graph ended it or renewal failed (statusReason says why). */
export type MailSubscriptionStatus = "active" | "removed";

export const agentMailSubscription = pgTable("agent_mail_subscription", {
  triggerId: text("trigger_id")
    .primaryKey()
    .references(() => agentTrigger.id, { onDelete: "cascade" }),
  /** The Outlook connection whose mailbox is watched and whose token renews and reads. */
  connectionId: text("connection_id").references(() => integrationConnection.id, { onDelete: "set null" }),
  /** Graph's subscription id; null until Graph has validated the notification URL and answered. */
  subscriptionId: text("subscription_id"),
  /** Hex SHA-256 of the clientState sent to Graph. */
  clientStateHash: text("client_state_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  status: text("status").$type<MailSubscriptionStatus>().notNull().default("active"),
  statusReason: text("status_reason"),
  renewedAt: timestamp("renewed_at", { withTimezone: true }),
  createdAt: createdAtColumn(),
});
