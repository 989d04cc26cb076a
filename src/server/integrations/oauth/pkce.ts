// PKCE (RFC 7636) with S256, and the opaque state value, both from the platform's CSPRNG.
import { createHash, randomBytes } from "node:crypto";

export const randomToken = () => randomBytes(32).toString("base64url");
export const codeChallengeOf = (verifier: string) =>
  createHash("sha256").update(verifier).digest("base64url");
export const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

/** Encryption context of a pending authorization's PKCE verifier. */
export const oauthStateContext = (stateHash: string) => `integration_oauth_state:${stateHash}:code_verifier`;

/** Encryption context of a pending remote MCP authorization's registered client. */
export const registeredClientContext = (stateHash: string) =>
  `integration_oauth_state:${stateHash}:registered_client`;
