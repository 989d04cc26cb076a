// The secrets of external users: MCP credentials ("pxu_") and connect-link tokens ("pxc_"), each 256
// random bits in base64url. Only SHA-256 hashes are stored, as for API keys (api-keys/api-key-secret.ts):
// with that much entropy a fast hash is safe, and the gateway's lookup stays one hash and an index read.
import { hash, randomBytes } from "node:crypto";

export const EXTERNAL_USER_TOKEN_PREFIX = "pxu_";
const TOKEN_PATTERN = /^pxu_[A-Za-z0-9_-]{43}$/;
const LINK_PATTERN = /^pxc_[A-Za-z0-9_-]{43}$/;
const VISIBLE_PREFIX_LENGTH = EXTERNAL_USER_TOKEN_PREFIX.length + 8;

export const hashSecret = (secret: string): string => hash("sha256", secret, "hex");

export function generateExternalUserToken() {
  const secret = `${EXTERNAL_USER_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return {
    secret,
    secretHash: hashSecret(secret),
    prefix: secret.slice(0, VISIBLE_PREFIX_LENGTH),
    lastFour: secret.slice(-4),
  };
}

/** Cheap shape check before any lookup. */
export const looksLikeExternalUserToken = (token: string): boolean => TOKEN_PATTERN.test(token);

export function generateConnectLinkToken() {
  const token = `pxc_${randomBytes(32).toString("base64url")}`;
  return { token, tokenHash: hashSecret(token) };
}

export const looksLikeConnectLinkToken = (token: string): boolean => LINK_PATTERN.test(token);

export const maskExternalUserToken = (prefix: string, lastFour: string) => `${prefix}…${lastFour}`;
