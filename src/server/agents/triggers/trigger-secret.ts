// A trigger URL's secret: 32 random bytes (base64url) shown once when made or regenerated. Only its
// SHA-256 is stored; a delivery's secret is hashed and compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const newTriggerSecret = (): string => randomBytes(32).toString("base64url");

export const hashTriggerSecret = (secret: string): string =>
  createHash("sha256").update(secret).digest("hex");

export function triggerSecretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashTriggerSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
