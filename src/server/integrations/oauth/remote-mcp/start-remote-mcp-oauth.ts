// Remote MCP OAuth, the start (MCP authorization spec): discover the MCP server's authorization server,
// register Portico as a public client there (or identify it by its client ID metadata document), and
// send the browser (start-oauth.ts) to the authorization endpoint with PKCE S256, the scopes the server asks
// for and the MCP server as `resource` (RFC 8707). The pending state carries what the callback needs: the
// client and the discovered token endpoint, sealed like the PKCE verifier. Generic over providers: any
// remote MCP integration whose provider sets `oauthWithoutApp` connects this way.
import { providerEndpoints, providerSpecs } from "../../../../integrations/registry.ts";
import { AppError } from "../../../../lib/errors.ts";
import { providers } from "../../../../lib/integrations/providers.ts";
import type { ProviderId } from "../../../../lib/integrations/types.ts";
import type { App } from "../../../app-services.ts";
import type { AuthorizationClient } from "../pending-authorization.ts";
import { integrationsRedirectUri } from "./client-metadata-document.ts";
import { obtainClient } from "./client-registration.ts";
import { discoverAuthorization } from "./discovery.ts";
import { DiscoveryError } from "./metadata-fetch.ts";
import type { PendingRemoteClient } from "./pending-client.ts";

/** The client to authorize as at the MCP server's authorization server, registered there now. */
export async function remoteMcpClient(app: App, provider: ProviderId): Promise<AuthorizationClient> {
  const name = providers[provider].name;
  const endpoints = providerEndpoints(provider, app.config);
  const mcpUrl = providerSpecs[provider].remoteMcpUrl?.(endpoints) ?? endpoints.mcpUrl;
  if (!mcpUrl) throw new AppError("BAD_REQUEST", `${name} has no MCP server to connect to.`);
  const redirectUri = integrationsRedirectUri(app);
  try {
    const discovered = await discoverAuthorization(app, mcpUrl, name);
    const client = await obtainClient(app, discovered, name);
    const registeredClient: PendingRemoteClient = {
      ...client,
      tokenUrl: discovered.tokenEndpoint,
      resource: discovered.resource,
      ...(discovered.revocationEndpoint ? { revokeUrl: discovered.revocationEndpoint } : {}),
      issuer: discovered.issuer,
      issParameterSupported: discovered.issParameterSupported,
    };
    return {
      authorizeUrl: new URL(discovered.authorizationEndpoint),
      clientId: registeredClient.clientId,
      redirectUri,
      scope: discovered.scope,
      pkce: true,
      credentialId: null,
      registeredClient,
      extraParams: { resource: registeredClient.resource },
    };
  } catch (error) {
    // A server that cannot be used is the person's to know about, not an internal error.
    if (error instanceof DiscoveryError)
      throw new AppError("BAD_REQUEST", `Cannot connect ${name}: ${error.reason}`);
    throw error;
  }
}
