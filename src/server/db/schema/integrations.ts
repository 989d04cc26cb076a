// Integration credentials: OAuth apps and API tokens, at global scope (site admins) or organization
// scope (bring your own). Secret fields live only in `secret`, encrypted (src/server/crypto); `config`
// holds the non-secret fields and `secretHints` masked tails for display.
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { AuthFlowType, CredentialScope, ProviderId } from "../../../lib/integrations/types.ts";
import { user } from "./auth.ts";
import { createdAtColumn, idColumn, updatedAtColumn } from "./columns.ts";
import { organization } from "./organizations.ts";

export const integrationCredential = pgTable(
  "integration_credential",
  {
    id: idColumn(),
    scope: text("scope").$type<CredentialScope>().notNull(),
    organizationId: text("organization_id").references(() => organization.id, { onDelete: "cascade" }),
    provider: text("provider").$type<ProviderId>().notNull(),
    authFlow: text("auth_flow").$type<AuthFlowType>().notNull(),
    config: jsonb("config").$type<Record<string, string | number>>().notNull().default({}),
    /** Envelope ciphertext of the secret fields as JSON; its key id is repeated in `secretKeyId`. */
    secret: text("secret").notNull(),
    secretKeyId: text("secret_key_id").notNull(),
    secretHints: jsonb("secret_hints").$type<Record<string, string>>().notNull().default({}),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    updatedByUserId: text("updated_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex("integration_credential_organization_unique")
      .on(t.organizationId, t.provider, t.authFlow)
      .where(sql`${t.scope} = 'organization'`),
    uniqueIndex("integration_credential_global_unique")
      .on(t.provider, t.authFlow)
      .where(sql`${t.scope} = 'global'`),
    index("integration_credential_key_idx").on(t.secretKeyId),
    check(
      "integration_credential_scope_check",
      sql`(${t.scope} = 'global' and ${t.organizationId} is null) or (${t.scope} = 'organization' and ${t.organizationId} is not null)`,
    ),
  ],
);
