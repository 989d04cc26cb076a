// An endpoint's signing secret: 24 random bytes as `whsec_<base64>`, the form every Standard Webhooks
// library takes (`new Webhook(secret)`). Stored envelope-encrypted and bound to the endpoint's id, since
// signing needs it back; the person sees it once, when it is made or rotated.
import { randomBytes } from "node:crypto";
import { Keyring } from "../crypto/envelope.ts";

export const webhookSecretContext = (endpointId: string) => `webhook_endpoint:${endpointId}`;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

export function sealWebhookSecret(keyring: Keyring, endpointId: string, secret: string) {
  const sealed = keyring.encrypt(secret, webhookSecretContext(endpointId));
  return { secret: sealed, secretKeyId: Keyring.keyIdOf(sealed) ?? keyring.currentKeyId };
}

export function openWebhookSecret(keyring: Keyring, row: { id: string; secret: string }): string {
  return keyring.decrypt(row.secret, webhookSecretContext(row.id));
}
