// Ending a connection's grant at the provider, where the provider documents revocation: the remote MCP
// server's own client at the endpoint its authorization server named (RFC 7009), Google-style
// refresh-token deletion, or the saved OAuth app's revocation endpoint. Used by disconnecting and by a
// member's departure (their personal connections). Never throws for the provider's refusal: false then.
import { oauthEndpoints, providerEndpoints, providerSpecs } from "../../../integrations/registry.ts";
import type { App } from "../../app-services.ts";
import { readCredentialById } from "../credentials/credential-store.ts";
import { guardedSend } from "../oauth/remote-mcp/metadata-fetch.ts";
import { deleteRefreshToken, revokeToken } from "../oauth/token-client.ts";
import { type ConnectionRow, openTokens } from "./connection-store.ts";

export interface Revocation {
  /** The provider confirmed the grant ended. */
  revoked: boolean;
  /** There was a grant, but the provider documents no way to end it (the person removes it there). */
  unsupported: boolean;
}

export async function revokeAtProvider(app: App, row: ConnectionRow): Promise<Revocation> {
  const { provider } = row;
  const revokeUrl = providerEndpoints(provider, app.config).revokeUrl;
  const tokens = row.authFlow === "oauth" ? openTokens(app.keyring, row) : null;
  const oauth = providerSpecs[provider].oauth;
  const own = tokens?.client;
  let revoked = false;
  if (tokens && own?.revokeUrl) {
    revoked = await revokeToken(
      own.revokeUrl,
      {
        clientId: own.clientId,
        clientSecret: own.clientSecret ?? "",
        clientAuth: own.clientSecret ? "body" : "none",
      },
      tokens.refreshToken ?? tokens.accessToken,
      guardedSend(app),
    );
  } else if (tokens && revokeUrl && oauth?.revocation === "delete-refresh-token") {
    revoked = tokens.refreshToken ? await deleteRefreshToken(revokeUrl, tokens.refreshToken) : false;
  } else if (tokens && revokeUrl && oauth && row.credentialId) {
    const credential = await readCredentialById(app.db, app.keyring, row.credentialId);
    if (credential) {
      revoked = await revokeToken(
        oauthEndpoints(provider, app.config, credential.values).revokeUrl ?? revokeUrl,
        {
          clientId: String(credential.values.clientId),
          clientSecret: String(credential.values.clientSecret),
          clientAuth: oauth.clientAuth,
        },
        // Revoking the refresh token ends the whole grant at providers that support it.
        tokens.refreshToken ?? tokens.accessToken,
      );
    }
  }
  return { revoked, unsupported: tokens !== null && !revokeUrl && !own?.revokeUrl };
}
