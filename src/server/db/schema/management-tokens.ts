// Management tokens (server/manage-tokens/): organization-level bearer tokens for the management API
// (/api/manage/v1), never for /mcp or /api/v1. Stored like API keys: a hash, a visible prefix and the
// last four characters; the secret is shown once.
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { belongsTo, idColumn } from "./columns.ts";
import { issuedSecretColumns } from "./issued-secret-columns.ts";
import { organization } from "./organizations.ts";

export const managementToken = pgTable(
  "management_token",
  {
    id: idColumn(),
    organizationId: belongsTo("organization_id", () => organization.id),
    name: text("name").notNull(),
    /** "read", "write", "<family>:read" or "<family>:write" (lib/management-scopes.ts). */
    scopes: text("scopes").array().notNull(),
    ...issuedSecretColumns(),
  },
  (t) => [
    uniqueIndex("management_token_secret_hash_idx").on(t.secretHash),
    index("management_token_organization_idx").on(t.organizationId),
  ],
);
