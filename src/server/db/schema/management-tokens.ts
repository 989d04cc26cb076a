// Management tokens (server/manage-tokens/): organization-level bearer tokens for the management API
// (/api/manage/v1), never for /mcp or /api/v1. Stored like API keys: a hash, a visible prefix and the
// last four characters; the secret is shown once.
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { organization } from "./organizations.ts";

export const managementToken = pgTable(
  "management_token",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** "read", "write", "<family>:read" or "<family>:write" (lib/management-scopes.ts). */
    scopes: text("scopes").array().notNull(),
    /** "pmt_" and 8 more characters: enough to recognise a token, never to use it. */
    prefix: text("prefix").notNull(),
    lastFour: text("last_four").notNull(),
    /** SHA-256 of the whole secret; the secret itself is shown once and never stored. */
    secretHash: text("secret_hash").notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Written at most once a minute per token (manage-tokens/last-used.ts), not on every request. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("management_token_secret_hash_idx").on(t.secretHash),
    index("management_token_organization_idx").on(t.organizationId),
  ],
);
