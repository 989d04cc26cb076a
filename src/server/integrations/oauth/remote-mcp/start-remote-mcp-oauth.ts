// Remote MCP OAuth, the start (MCP authorization spec): discover the MCP server's authorization server,
// register Portico as a public client there (or identify it by its client ID metadata document), and
// send the browser to the authorization endpoint with PKCE S256, the scopes the server asks for and the
// MCP server as `resource` (RFC 8707). The pending state carries what the callback needs: the client and
// the discovered token endpoint, sealed like the PKCE verifier. Generic over providers: any remote MCP
// integration whose provider sets `oauthWithoutApp` connects this way.
import { integrationProvider } from "../../../../integrations/catalogue.ts";
import { providerEndpoints, providerSpecs } from "../../../../integrations/registry.ts";
import { AppError } from "../../../../lib/errors.ts";
import { providers } from "../../../../lib/integrations/providers.ts";
import type { IntegrationId } from "../../../../lib/integrations/types.ts";
import type { App } from "../../../app-services.ts";
import { Keyring } from "../../../crypto/envelope.ts";
import type { ResolvedIntent } from "../connect-intent.ts";
import { rememberAuthorization } from "../pending-authorization.ts";
import {
  codeChallengeOf,
  hashState,
  oauthStateContext,
  randomToken,
  registeredClientContext,
} from "../pkce.ts";
import { integrationsRedirectUri } from "./client-metadata-document.ts";
import { obtainClient } from "./client-registration.ts";
import { discoverAuthorization } from "./discovery.ts";
import { DiscoveryError } from "./metadata-fetch.ts";
import type { PendingRemoteClient } from "./pending-client.ts";

export async function startRemoteMcpOAuth(
  app: App,
  /** Null when a connect link's page starts it for an external user (intent.externalUserId). */
  userId: string | null,
  organizationId: string,
  integrationId: IntegrationId,
  intent: ResolvedIntent,
): Promise<{ authorizeUrl: string }> {
  const provider = integrationProvider[integrationId];
  const name = providers[provider].name;
  const endpoints = providerEndpoints(provider, app.config);
  const mcpUrl = providerSpecs[provider].remoteMcpUrl?.(endpoints) ?? endpoints.mcpUrl;
  if (!mcpUrl) throw new AppError("BAD_REQUEST", `${name} has no MCP server to connect to.`);
  const redirectUri = integrationsRedirectUri(app);
  let pending: PendingRemoteClient;
  let authorizationEndpoint: string;
  let scope: string | undefined;
  try {
    const discovered = await discoverAuthorization(app, mcpUrl, name);
    const client = await obtainClient(app, discovered, name);
    pending = {
      ...client,
      tokenUrl: discovered.tokenEndpoint,
      resource: discovered.resource,
      ...(discovered.revocationEndpoint ? { revokeUrl: discovered.revocationEndpoint } : {}),
      issuer: discovered.issuer,
      issParameterSupported: discovered.issParameterSupported,
    };
    authorizationEndpoint = discovered.authorizationEndpoint;
    scope = discovered.scope;
  } catch (error) {
    // A server that cannot be used is the person's to know about, not an internal error.
    if (error instanceof DiscoveryError)
      throw new AppError("BAD_REQUEST", `Cannot connect ${name}: ${error.reason}`);
    throw error;
  }

  const state = randomToken();
  const stateHash = hashState(state);
  const verifier = randomToken();
  const sealedVerifier = app.keyring.encrypt(verifier, oauthStateContext(stateHash));
  await rememberAuthorization(app, intent, {
    stateHash,
    organizationId,
    provider,
    integrationId,
    userId,
    externalUserId: intent.externalUserId ?? null,
    credentialId: null,
    registeredClient: app.keyring.encrypt(JSON.stringify(pending), registeredClientContext(stateHash)),
    redirectUri,
    codeVerifier: sealedVerifier,
    codeVerifierKeyId: Keyring.keyIdOf(sealedVerifier),
  });

  const url = new URL(authorizationEndpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", pending.clientId);
  url.searchParams.set("redirect_uri", redirectUri);
  if (scope) url.searchParams.set("scope", scope);
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", codeChallengeOf(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("resource", pending.resource);
  return { authorizeUrl: url.toString() };
}
