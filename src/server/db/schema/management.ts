// The management API's own state: answers kept for idempotency keys, so a retried create returns the
// first answer instead of creating twice.
import { integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { belongsTo, createdAtColumn } from "./columns.ts";
import { organization } from "./organizations.ts";

export const managementIdempotencyKey = pgTable(
  "management_idempotency_key",
  {
    organizationId: belongsTo("organization_id", () => organization.id),
    /** The client's Idempotency-Key header. */
    key: text("key").notNull(),
    /** SHA-256 of method, path and body: the same key for another request is refused. */
    requestHash: text("request_hash").notNull(),
    /** Null while the first request is still being answered. */
    status: integer("status"),
    body: jsonb("body"),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.key] })],
);
