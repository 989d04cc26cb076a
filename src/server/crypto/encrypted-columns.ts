// Every column that holds envelope ciphertext, with how its row's encryption context is built. Key
// rotation walks this list; a feature that stores a new kind of secret adds its column here.

import type { AuthFlowType, CredentialScope, ProviderId } from "../../lib/integrations/types.ts";
import { llmSecretContext } from "../agents/credentials/llm-secret.ts";
import { webhookSecretContext } from "../builder-webhooks/endpoint-secret.ts";
import { tokensContext } from "../integrations/connections/connection-store.ts";
import { credentialContext } from "../integrations/credentials/credential-secrets.ts";
import { oauthStateContext } from "../integrations/oauth/pkce.ts";

export interface EncryptedColumn {
  table: string;
  /** The row's primary key column. */
  idColumn: string;
  column: string;
  keyIdColumn: string;
  /** Columns the context is built from (read in the same locked select as the ciphertext). */
  contextColumns: readonly string[];
  context(row: Record<string, unknown>): string;
}

export const encryptedColumns: EncryptedColumn[] = [
  {
    table: "integration_credential",
    idColumn: "id",
    column: "secret",
    keyIdColumn: "secret_key_id",
    contextColumns: ["scope", "organization_id", "provider", "auth_flow"],
    context: (row) =>
      credentialContext({
        scope: row.scope as CredentialScope,
        organizationId: (row.organization_id as string | null) ?? null,
        provider: row.provider as ProviderId,
        authFlow: row.auth_flow as AuthFlowType,
      }),
  },
  {
    table: "integration_connection",
    idColumn: "id",
    column: "tokens",
    keyIdColumn: "tokens_key_id",
    contextColumns: ["organization_id", "provider", "owner_user_id", "external_user_id"],
    context: (row) =>
      tokensContext({
        organizationId: String(row.organization_id),
        provider: row.provider as ProviderId,
        ownerUserId: (row.owner_user_id as string | null) ?? null,
        externalUserId: (row.external_user_id as string | null) ?? null,
      }),
  },
  {
    table: "integration_oauth_state",
    idColumn: "state_hash",
    column: "code_verifier",
    keyIdColumn: "code_verifier_key_id",
    contextColumns: ["state_hash"],
    context: (row) => oauthStateContext(String(row.state_hash)),
  },
  {
    table: "llm_credential",
    idColumn: "id",
    column: "secret",
    keyIdColumn: "secret_key_id",
    contextColumns: ["id"],
    context: (row) => llmSecretContext(String(row.id)),
  },
  {
    table: "webhook_endpoint",
    idColumn: "id",
    column: "secret",
    keyIdColumn: "secret_key_id",
    contextColumns: ["id"],
    context: (row) => webhookSecretContext(String(row.id)),
  },
];
