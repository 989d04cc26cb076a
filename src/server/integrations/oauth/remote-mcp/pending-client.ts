// What a remote MCP authorization under way keeps for its callback (sealed in the state row), and the
// callback's half of it: exchanging the code at the discovered token endpoint through the SSRF guard.

import type { App } from "../../../app-services.ts";
import type { RegisteredClient } from "../../connections/connection-store.ts";
import { exchangeCode } from "../token-client.ts";
import { guardedSend } from "./metadata-fetch.ts";

export interface PendingRemoteClient extends RegisteredClient {
  resource: string;
  /** The authorization server's issuer, checked against an `iss` in the response (RFC 9207). */
  issuer: string;
  issParameterSupported: boolean;
}

/** RFC 9207: when the server sends `iss` (or promised to), it must be the issuer the flow started with. */
export function issuerMismatch(pending: PendingRemoteClient, iss: string | null): boolean {
  if (iss === null) return pending.issParameterSupported;
  return iss !== pending.issuer;
}

export function exchangeRemoteCode(
  app: App,
  pending: PendingRemoteClient,
  input: { code: string; redirectUri: string; codeVerifier: string },
  providerName: string,
) {
  return exchangeCode(
    pending.tokenUrl,
    {
      clientId: pending.clientId,
      clientSecret: pending.clientSecret ?? "",
      clientAuth: pending.clientSecret ? "body" : "none",
    },
    input,
    providerName,
    { resource: pending.resource, send: guardedSend(app) },
  );
}

/** The client kept with the connection's tokens, for the refresh path (connections/access-token.ts). */
export const registeredClientOf = (pending: PendingRemoteClient): RegisteredClient => ({
  clientId: pending.clientId,
  ...(pending.clientSecret ? { clientSecret: pending.clientSecret } : {}),
  tokenUrl: pending.tokenUrl,
  resource: pending.resource,
  ...(pending.revokeUrl ? { revokeUrl: pending.revokeUrl } : {}),
});
