// The columns of a secret handed out once and kept only as a hash (project API keys, management
// tokens): what recognises it in a list, who made it, and when it was used, expires or was revoked.
import { text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { belongsTo, createdAtColumn } from "./columns.ts";

export const issuedSecretColumns = () => ({
  /** The prefix and 8 more characters ("ptk_…", "pmt_…"): enough to recognise it, never to use it. */
  prefix: text("prefix").notNull(),
  lastFour: text("last_four").notNull(),
  /** SHA-256 of the whole secret; the secret itself is shown once and never stored. */
  secretHash: text("secret_hash").notNull(),
  createdBy: belongsTo("created_by", () => user.id),
  createdAt: createdAtColumn(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  /** For management tokens, written at most once a minute (manage-tokens/last-used.ts). */
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});
