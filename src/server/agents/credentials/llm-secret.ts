// Sealing an LLM credential's API key. The ciphertext is bound to the credential's id, so it cannot be
// replayed into another row.
import { Keyring } from "../../crypto/envelope.ts";
import { maskSecret } from "../../integrations/credentials/credential-secrets.ts";

export const llmSecretContext = (credentialId: string) => `llm_credential:${credentialId}`;

export function sealApiKey(keyring: Keyring, credentialId: string, apiKey: string) {
  const secret = keyring.encrypt(apiKey, llmSecretContext(credentialId));
  return {
    secret,
    secretKeyId: Keyring.keyIdOf(secret) ?? keyring.currentKeyId,
    secretHint: maskSecret(apiKey),
  };
}

export function openApiKey(keyring: Keyring, row: { id: string; secret: string }): string {
  return keyring.decrypt(row.secret, llmSecretContext(row.id));
}
