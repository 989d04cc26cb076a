// Users of a builder's own product, held by a project (issue 38): addressed by the builder's own id,
// they never get a Portico login. Each can have connections of their own (integration_connection's
// external_user_id), connect links (a single-use page that connects one of their accounts, then returns
// to a URL the project registered) and MCP credentials ("pxu_" tokens that act as them on /mcp).
// Secrets are stored as SHA-256 hashes only, like API keys.
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { IntegrationId } from "../../../lib/integrations/types.ts";
import { belongsTo, createdAtColumn, idColumn } from "./columns.ts";
import { project } from "./projects.ts";

export const externalUser = pgTable(
  "external_user",
  {
    id: idColumn(),
    projectId: belongsTo("project_id", () => project.id),
    /** The builder's own id for the user ("cus_42"); unique in the project. */
    externalId: text("external_id").notNull(),
    createdAt: createdAtColumn(),
    /** The last /mcp call made with one of the user's tokens (at most once a minute is written). */
    lastCallAt: timestamp("last_call_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("external_user_project_external_id").on(t.projectId, t.externalId)],
);

export const externalUserConnectLink = pgTable(
  "external_user_connect_link",
  {
    id: idColumn(),
    externalUserId: belongsTo("external_user_id", () => externalUser.id),
    projectId: belongsTo("project_id", () => project.id),
    integrationId: text("integration_id").$type<IntegrationId>().notNull(),
    /** SHA-256 of the link's token; the token is only in the URL handed to the builder. */
    tokenHash: text("token_hash").notNull(),
    /** One of the project's registered return URLs; the page comes back to it with a status. */
    returnUrl: text("return_url").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the page started connecting with it: from then on the link opens nothing. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("external_user_connect_link_token_hash").on(t.tokenHash),
    index("external_user_connect_link_user_idx").on(t.externalUserId),
    index("external_user_connect_link_expires_idx").on(t.expiresAt),
  ],
);

export const externalUserToken = pgTable(
  "external_user_token",
  {
    id: idColumn(),
    externalUserId: belongsTo("external_user_id", () => externalUser.id),
    projectId: belongsTo("project_id", () => project.id),
    /** "pxu_" and 8 more characters, and the last four: enough to recognise a token, never to use it. */
    prefix: text("prefix").notNull(),
    lastFour: text("last_four").notNull(),
    secretHash: text("secret_hash").notNull(),
    createdAt: createdAtColumn(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("external_user_token_secret_hash").on(t.secretHash),
    index("external_user_token_user_idx").on(t.externalUserId),
  ],
);

/** The URLs a project's connect links may return to, set by its editors (https, or http on loopback). */
export const externalUserReturnUrl = pgTable(
  "external_user_return_url",
  {
    id: idColumn(),
    projectId: belongsTo("project_id", () => project.id),
    url: text("url").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex("external_user_return_url_unique").on(t.projectId, t.url)],
);
