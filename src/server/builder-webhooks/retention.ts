// Deliveries (and their attempts, by cascade) are kept 30 days: long enough to read what a receiver
// answered last month, short enough that a busy endpoint's history stays small. Pruned daily with the
// audit log (getApp), by age along webhook_delivery_created_idx; idempotent, so replicas need no lock.
import { lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { webhookDelivery } from "../db/schema/index.ts";

export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

export async function pruneWebhookDeliveries(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(webhookDelivery)
    .where(lt(webhookDelivery.createdAt, cutoff))
    .returning({ id: webhookDelivery.id });
  return deleted.length;
}
