// Every column that holds envelope ciphertext, with how its row's encryption context is built. Key
// rotation walks this list; a feature that stores a new kind of secret adds its column here.

import type { AuthFlowType, CredentialScope, ProviderId } from "../../lib/integrations/types.ts";
import { credentialContext } from "../integrations/credentials/credential-secrets.ts";

export interface EncryptedColumn {
  table: string;
  column: string;
  keyIdColumn: string;
  /** Columns the context is built from (read in the same locked select as the ciphertext). */
  contextColumns: readonly string[];
  context(row: Record<string, unknown>): string;
}

export const encryptedColumns: EncryptedColumn[] = [
  {
    table: "integration_credential",
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
];
