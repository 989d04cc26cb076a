// What the API key and management token lists show of each secret beside its own fields: who created
// it (read in the same select, joined to user) and whether it still works.
import { user } from "../db/schema/index.ts";

/** The creator's columns, for a select of keys or tokens joined to their creator. */
export const creatorColumns = { creatorId: user.id, creatorName: user.name, creatorEmail: user.email };

export const creatorOf = (row: { creatorId: string; creatorName: string; creatorEmail: string }) => ({
  id: row.creatorId,
  name: row.creatorName,
  email: row.creatorEmail,
});

/** Revoked before expired: a revoked secret says so even once its expiry has passed. */
export function secretStatus(row: { revokedAt: Date | null; expiresAt: Date | null }, now: Date) {
  if (row.revokedAt) return "revoked" as const;
  if (row.expiresAt && row.expiresAt <= now) return "expired" as const;
  return "active" as const;
}
