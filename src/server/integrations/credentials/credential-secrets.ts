// Sealing a credential's secret fields. The ciphertext is bound to the credential's identity
// (scope, organization, provider, flow), so it cannot be replayed into another organization's row.
import type { AuthFlowType, CredentialScope, ProviderId } from "../../../lib/integrations/types.ts";
import { Keyring } from "../../crypto/envelope.ts";

export interface CredentialIdentity {
  scope: CredentialScope;
  organizationId: string | null;
  provider: ProviderId;
  authFlow: AuthFlowType;
}

export const credentialContext = (id: CredentialIdentity) =>
  `integration_credential:${id.scope}:${id.organizationId ?? "-"}:${id.provider}:${id.authFlow}`;

export function sealSecrets(keyring: Keyring, identity: CredentialIdentity, secrets: Record<string, string>) {
  const secret = keyring.encrypt(JSON.stringify(secrets), credentialContext(identity));
  return { secret, secretKeyId: Keyring.keyIdOf(secret) ?? keyring.currentKeyId };
}

export function openSecrets(
  keyring: Keyring,
  row: CredentialIdentity & { secret: string },
): Record<string, string> {
  return JSON.parse(keyring.decrypt(row.secret, credentialContext(row))) as Record<string, string>;
}

const MASK = "••••";

/** What the browser may see of a secret: its last four characters, only when that gives little away. */
export function maskSecret(value: string): string {
  return value.length >= 16 ? `${MASK}${value.slice(-4)}` : MASK;
}

export function hintsOf(secrets: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(secrets).map(([name, value]) => [name, maskSecret(value)]));
}
