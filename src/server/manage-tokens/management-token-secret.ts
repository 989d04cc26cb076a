// Management token secrets: "pmt_" and 43 base64url characters, made and hashed exactly as API keys are
// (api-keys/api-key-secret.ts), under their own prefix so every door can tell them apart before any read.
import { generatePrefixedSecret, type NewApiKeySecret } from "../api-keys/api-key-secret.ts";

export const MANAGEMENT_TOKEN_PREFIX = "pmt_";
const SECRET_PATTERN = /^pmt_[A-Za-z0-9_-]{43}$/;

/** What /mcp and /api/v1 answer a management token with (gateway/pipeline/admission.ts). */
export const MANAGEMENT_TOKEN_REFUSED =
  "Management tokens are for the management API (/api/manage/v1) only; use a project API key or OAuth access token here";

export function generateManagementTokenSecret(): NewApiKeySecret {
  return generatePrefixedSecret(MANAGEMENT_TOKEN_PREFIX);
}

/** Cheap shape check before any lookup: anything else is not a management token. */
export function looksLikeManagementToken(token: string): boolean {
  return SECRET_PATTERN.test(token);
}
