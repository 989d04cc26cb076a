// API key secrets: "ptk_" and 43 base64url characters (256 random bits). Only a SHA-256 hash is
// stored; with that much entropy a fast hash is safe and keeps the per-request lookup cheap.
import { hash, randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "ptk_";
/** Characters shown after the prefix ("ptk_AbCdEfGh…"). */
const VISIBLE_CHARACTERS = 8;
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

/** A secret of this form under another prefix (management tokens use "pmt_"), hashed the same way. */
export function generatePrefixedSecret(prefix: string): NewApiKeySecret {
  const secret = `${prefix}${randomBytes(32).toString("base64url")}`;
  return {
    secret,
    secretHash: hashApiKeySecret(secret),
    prefix: secret.slice(0, prefix.length + VISIBLE_CHARACTERS),
    lastFour: secret.slice(-4),
  };
}

export function generateApiKeySecret(): NewApiKeySecret {
  return generatePrefixedSecret(API_KEY_PREFIX);
}

/** Cheap shape check before any lookup: anything else is not one of our keys. */
export function looksLikeApiKey(token: string): boolean {
  return SECRET_PATTERN.test(token);
}

/** "ptk_AbCdEfGh…wxyz": how a key is shown after creation. */
export function maskApiKey(prefix: string, lastFour: string): string {
  return `${prefix}…${lastFour}`;
}
