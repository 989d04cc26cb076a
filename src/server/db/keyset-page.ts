// Keyset paging newest first on (created_at, id), for listings that grow without bound (the call log,
// the audit log, webhook endpoints and deliveries): a deep page costs what the first does. The cursor
// is the page's last row, opaque to callers (base64url).
import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { AppError } from "../../lib/errors.ts";

const encodeCursor = (createdAt: Date, id: string) =>
  Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");

/** The condition "older than the cursor's row", or a BAD_REQUEST with `invalid` for a cursor we did not make. */
export function olderThan(cursor: string, createdAt: PgColumn, id: PgColumn, invalid: string) {
  const [at, key] = Buffer.from(cursor, "base64url").toString().split("|");
  const date = new Date(at ?? "");
  if (!key || Number.isNaN(date.getTime())) throw new AppError("BAD_REQUEST", invalid);
  return sql`(${createdAt}, ${id}) < (${date.toISOString()}::timestamptz, ${key})`;
}

/** `{ items, nextCursor }` from a query that read one row more than the page. */
export function pageOf<T extends { createdAt: Date; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
}
