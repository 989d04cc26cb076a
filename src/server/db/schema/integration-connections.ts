// Connections to provider accounts (requirements §3 statuses pending/active/error/inactive, with the
// reason shown), and the short-lived state of OAuth authorizations in progress. A connection is the
// organization's (shared; several per provider allowed: two HubSpot portals) or one member's (personal;
// one per provider per person in an organization). Tokens and PKCE verifiers are envelope-encrypted like
// credentials (src/server/crypto).
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type {
  AuthFlowType,
  ConnectionStatus,
  CredentialScope,
  IntegrationId,
  ProviderId,
} from "../../../lib/integrations/types.ts";
import { user } from "./auth.ts";
import { belongsTo, createdAtColumn, idColumn, updatedAtColumn } from "./columns.ts";
import { externalUser } from "./external-users.ts";
import { integrationCredential } from "./integrations.ts";
import { organization } from "./organizations.ts";

export const connectIntents = ["default", "another", "reconnect", "personal", "external"] as const;
export type ConnectIntent = (typeof connectIntents)[number];

import type { ConnectionAccount } from "../../../integrations/_kit/connection-account.ts";

export type { ConnectionAccount, ConnectionSite } from "../../../integrations/_kit/connection-account.ts";

export const integrationConnection = pgTable(
  "integration_connection",
  {
    id: idColumn(),
    organizationId: belongsTo("organization_id", () => organization.id),
    provider: text("provider").$type<ProviderId>().notNull(),
    /** The member whose personal connection this is; null for the organization's shared connections. */
    ownerUserId: text("owner_user_id").references(() => user.id, { onDelete: "cascade" }),
    /**
     * The project's external user (a user of the builder's product) whose own connection this is; null
     * otherwise. Such a connection is neither shared nor a member's: only that user's calls use it.
     */
    externalUserId: text("external_user_id").references(() => externalUser.id, { onDelete: "cascade" }),
    /** A name people give the connection ("Support inbox"); the account label shows when there is none. */
    label: text("label"),
    /**
     * The provider account the connection reaches (mailbox address, portal, site, Salesforce org), read
     * from the provider's identity call after connecting; `accountId` is the provider's stable id for it.
     */
    accountLabel: text("account_label"),
    accountId: text("account_id"),
    authFlow: text("auth_flow").$type<AuthFlowType>().notNull(),
    status: text("status").$type<ConnectionStatus>().notNull(),
    statusReason: text("status_reason"),
    /** The credential (OAuth app or API token) this connection uses; refreshes use the same app. */
    credentialId: text("credential_id").references(() => integrationCredential.id, { onDelete: "set null" }),
    credentialScope: text("credential_scope").$type<CredentialScope>(),
    /** Envelope ciphertext of {accessToken, refreshToken}; null when no tokens are held. */
    tokens: text("tokens"),
    tokensKeyId: text("tokens_key_id"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    scopes: text("scopes"),
    account: jsonb("account").$type<ConnectionAccount>(),
    connectedByUserId: text("connected_by_user_id").references(() => user.id, { onDelete: "set null" }),
    connectedAt: timestamp("connected_at", { withTimezone: true }),
    lastRefreshedAt: timestamp("last_refreshed_at", { withTimezone: true }),
    /**
     * When owners and admins were e-mailed that this connection broke (connections/connection-alerts.ts);
     * null while it works. Setting it from null is the claim that decides which process sends the one
     * e-mail of a breakage; it is cleared when the connection is active again.
     */
    errorAlertedAt: timestamp("error_alerted_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("integration_connection_organization_provider").on(t.organizationId, t.provider),
    uniqueIndex("integration_connection_personal_unique")
      .on(t.organizationId, t.provider, t.ownerUserId)
      .where(sql`${t.ownerUserId} is not null`),
    index("integration_connection_owner_idx").on(t.ownerUserId),
    uniqueIndex("integration_connection_external_unique")
      .on(t.organizationId, t.provider, t.externalUserId)
      .where(sql`${t.externalUserId} is not null`),
    index("integration_connection_key_idx").on(t.tokensKeyId),
  ],
);

export const integrationOAuthState = pgTable(
  "integration_oauth_state",
  {
    /** SHA-256 of the state sent to the provider; the state itself is never stored. */
    stateHash: text("state_hash").primaryKey(),
    organizationId: belongsTo("organization_id", () => organization.id),
    provider: text("provider").$type<ProviderId>().notNull(),
    integrationId: text("integration_id").$type<IntegrationId>().notNull(),
    /** Who started: a signed-in person, or null when a connect link's page did (external users). */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    /** The external user whose own connection this authorization makes (intent "external"). */
    externalUserId: text("external_user_id").references(() => externalUser.id, { onDelete: "cascade" }),
    /**
     * What the authorization makes (oauth/connect-intent.ts): the organization's default shared
     * connection, another shared one, a named one again, or the person's own.
     */
    intent: text("intent").$type<ConnectIntent>().notNull().default("default"),
    /** The shared connection being reconnected (intent "reconnect"). */
    connectionId: text("connection_id").references(() => integrationConnection.id, { onDelete: "cascade" }),
    /** A path in Portico to return to after connecting (the connect prompt's link); else the integration page. */
    returnTo: text("return_to"),
    /** The saved OAuth app used; null when the client was registered for this authorization (remote MCP). */
    credentialId: text("credential_id").references(() => integrationCredential.id, { onDelete: "cascade" }),
    /**
     * Envelope ciphertext (context: oauthStateContext(stateHash, "client")) of the client registered at a
     * remote MCP server's authorization server, with its discovered token endpoint and the resource.
     */
    registeredClient: text("registered_client"),
    redirectUri: text("redirect_uri").notNull(),
    /** Envelope ciphertext of the PKCE verifier (null when the provider takes no PKCE). */
    codeVerifier: text("code_verifier"),
    codeVerifierKeyId: text("code_verifier_key_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("integration_oauth_state_expires_idx").on(t.expiresAt)],
);
