// A management API request's bearer token → the organization and scopes it acts with, or null for
// anything that is not a usable management token (malformed, unknown, revoked, expired, or made by
// someone who is no longer an owner or admin of the organization). Cached by hash
// (management-token-cache.ts); last used at is written at most once a minute per token (last-used.ts).
import { and, eq, inArray, isNull } from "drizzle-orm";
import { hashApiKeySecret } from "../api-keys/api-key-secret.ts";
import type { App } from "../app-services.ts";
import { managementToken, organizationMember } from "../db/schema/index.ts";
import { noteUse } from "./last-used.ts";
import { type CachedToken, type ManagementCaller, managementTokenCache } from "./management-token-cache.ts";
import { looksLikeManagementToken } from "./management-token-secret.ts";

export type { ManagementCaller } from "./management-token-cache.ts";

export async function authenticateManagementToken(app: App, token: string): Promise<ManagementCaller | null> {
  if (!looksLikeManagementToken(token)) return null;
  const hash = hashApiKeySecret(token);
  const cache = await managementTokenCache(app);
  let entry = cache.get(hash);
  if (!entry) {
    const generation = cache.generation;
    entry = await readToken(app, hash);
    if (generation === cache.generation) cache.set(hash, entry);
  }
  const now = Date.now();
  if (!entry.caller || (entry.expiresAt !== null && entry.expiresAt <= now)) return null;
  noteUse(app, entry, now);
  return entry.caller;
}

async function readToken(app: App, hash: string): Promise<CachedToken> {
  const cachedAt = Date.now();
  const [row] = await app.db
    .select({
      id: managementToken.id,
      organizationId: managementToken.organizationId,
      scopes: managementToken.scopes,
      createdBy: managementToken.createdBy,
      expiresAt: managementToken.expiresAt,
      lastUsedAt: managementToken.lastUsedAt,
    })
    .from(managementToken)
    // A token works only while the person who made it may still make one: an admin removed or made a
    // plain member takes their tokens' power with them (as a project API key stops with its creator).
    .innerJoin(
      organizationMember,
      and(
        eq(organizationMember.organizationId, managementToken.organizationId),
        eq(organizationMember.userId, managementToken.createdBy),
        inArray(organizationMember.role, ["owner", "admin"]),
      ),
    )
    .where(and(eq(managementToken.secretHash, hash), isNull(managementToken.revokedAt)));
  if (!row) return { caller: null, expiresAt: null, cachedAt, lastUsedWrittenAt: 0 };
  return {
    caller: {
      tokenId: row.id,
      organizationId: row.organizationId,
      scopes: row.scopes,
      createdByUserId: row.createdBy,
    },
    expiresAt: row.expiresAt?.getTime() ?? null,
    cachedAt,
    lastUsedWrittenAt: row.lastUsedAt?.getTime() ?? 0,
  };
}
