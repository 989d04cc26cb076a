// API key secrets: "ptk_" and 43 base64url characters (256 random bits). Only a SHA-256 hash is
// stored; with that much entropy a fast hash is safe and keeps the per-request lookup cheap.
import { hash, randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "ptk_";
const VISIBLE_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
const SECRET_PATTERN = /^ptk_[A-Za-z0-9_-]{43}$/;

export interface NewApiKeySecret {
  secret: string;
  secretHash: string;
  prefix: string;
  lastFour: string;
}

export function hashApiKeySecret(secret: string): string {
  // The one-shot form: this runs on every API-key request, and it is about twice as fast.
  return hash("sha256", secret, "hex");
}

export function generateApiKeySecret(): NewApiKeySecret {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return {
    secret,
    secretHash: hashApiKeySecret(secret),
    prefix: secret.slice(0, VISIBLE_PREFIX_LENGTH),
    lastFour: secret.slice(-4),
  };
}

/** Cheap shape check before any lookup: anything else is not one of our keys. */
export function looksLikeApiKey(token: string): boolean {
  return SECRET_PATTERN.test(token);
}

/** "ptk_AbCdEfGh…wxyz": how a key is shown after creation. */
export function maskApiKey(prefix: string, lastFour: string): string {
  return `${prefix}…${lastFour}`;
}
