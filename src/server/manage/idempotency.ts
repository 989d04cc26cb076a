// Idempotency keys on creates: a POST with `Idempotency-Key` is answered once; the same key again (a
// client retrying after a timeout) gets the first answer back, marked `Idempotent-Replayed: true`,
// instead of a second project or key. The key is the organization's, kept 24 hours. The same key for
// another request, or while the first is still being answered, is refused (CONFLICT). Failures of ours
// (5xx) are not kept, so a retry can succeed.
import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { App } from "../app-services.ts";
import { managementIdempotencyKey } from "../db/schema/index.ts";
import type { ManageEnv } from "./manage-env.ts";
import { ManageError } from "./manage-errors.ts";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const idempotencyKeyHeader = {
  name: "Idempotency-Key",
  in: "header" as const,
  required: false,
  description: "Any unique string up to 255 characters: a retry with the same key returns the first answer.",
  schema: { type: "string" as const, maxLength: 255 },
};

export function idempotentCreates(app: App): MiddlewareHandler<ManageEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (c.req.method !== "POST" || key === undefined) return next();
    if (!KEY_PATTERN.test(key)) {
      throw new ManageError("BAD_REQUEST", "Idempotency-Key must be 1 to 255 visible ASCII characters.");
    }
    const { organizationId } = c.var.caller;
    const body = await c.req.text();
    const requestHash = createHash("sha256").update(`${c.req.method} ${c.req.path}\n${body}`).digest("hex");
    await app.db
      .delete(managementIdempotencyKey)
      .where(
        and(
          eq(managementIdempotencyKey.organizationId, organizationId),
          lt(managementIdempotencyKey.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)),
        ),
      );
    const claimed = await app.db
      .insert(managementIdempotencyKey)
      .values({ organizationId, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: managementIdempotencyKey.key });
    if (claimed.length === 0) return replay(app, organizationId, key, requestHash);

    await next();
    const thisKey = and(
      eq(managementIdempotencyKey.organizationId, organizationId),
      eq(managementIdempotencyKey.key, key),
    );
    if (c.res.status >= 500) {
      await app.db.delete(managementIdempotencyKey).where(thisKey);
      return;
    }
    const answer = c.res.status === 204 ? null : await c.res.clone().json();
    await app.db.update(managementIdempotencyKey).set({ status: c.res.status, body: answer }).where(thisKey);
  };
}

async function replay(app: App, organizationId: string, key: string, requestHash: string): Promise<Response> {
  const [kept] = await app.db
    .select()
    .from(managementIdempotencyKey)
    .where(
      and(eq(managementIdempotencyKey.organizationId, organizationId), eq(managementIdempotencyKey.key, key)),
    );
  if (!kept || kept.requestHash !== requestHash) {
    throw new ManageError("CONFLICT", "This Idempotency-Key was used for a different request.");
  }
  if (kept.status === null) {
    throw new ManageError(
      "CONFLICT",
      "A request with this Idempotency-Key is still being answered: retry shortly.",
      {
        "retry-after": "1",
      },
    );
  }
  const headers = { "idempotent-replayed": "true" };
  return kept.status === 204
    ? new Response(null, { status: 204, headers })
    : Response.json(kept.body, { status: kept.status, headers });
}
