import { createHash } from "node:crypto";

/** How the oauth-provider plugin stores opaque tokens and codes (`storeTokens: "hashed"`): SHA-256, base64url. */
export function hashStoredToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
