// Starting the authorization-code flow: pick the organization's own OAuth app or Portico's global
// one, check its sign-in host answers (authorize-host-check.ts), or register a client at a remote MCP
// server's authorization server (remote-mcp/start-remote-mcp-oauth.ts); then remember a single-use state
// (bound to the user who started) with the PKCE verifier, and send the browser to the provider. The
// connection shows "pending" until the provider sends the user back.
import { integrationProvider } from "../../../integrations/catalogue.ts";
import {
  integrationRegistry,
  integrationsOfProvider,
  oauthEndpoints,
  providerEndpoints,
  providerSpecs,
} from "../../../integrations/registry.ts";
import { AppError } from "../../../lib/errors.ts";
import { connectsWithoutOAuthApp, providers } from "../../../lib/integrations/providers.ts";
import type { IntegrationId, ProviderId } from "../../../lib/integrations/types.ts";
import type { App } from "../../app-services.ts";
import { Keyring } from "../../crypto/envelope.ts";
import { GLOBAL, organizationOwner, readCredential } from "../credentials/credential-store.ts";
import { ensureAuthorizeHostAnswers } from "./authorize-host-check.ts";
import { type ConnectRequest, type ResolvedIntent, resolveConnectIntent } from "./connect-intent.ts";
import { type AuthorizationClient, rememberAuthorization } from "./pending-authorization.ts";
import {
  codeChallengeOf,
  hashState,
  oauthStateContext,
  randomToken,
  registeredClientContext,
} from "./pkce.ts";
import { remoteMcpClient } from "./remote-mcp/start-remote-mcp-oauth.ts";

/** The app to authorize with: the organization's own, else Portico's. */
export async function resolveOAuthApp(app: App, organizationId: string, provider: keyof typeof providers) {
  return (
    (await readCredential(app.db, app.keyring, organizationOwner(organizationId), provider, "oauth")) ??
    (await readCredential(app.db, app.keyring, GLOBAL, provider, "oauth"))
  );
}

export async function startOAuthConnection(
  app: App,
  userId: string,
  request: ConnectRequest,
): Promise<{ authorizeUrl: string }> {
  const { organizationId, integrationId } = request;
  const provider = integrationProvider[integrationId];
  const intent = await resolveConnectIntent(app.db, userId, provider, request);
  return beginAuthorization(app, userId, organizationId, integrationId, intent);
}

/** The organization's OAuth app (else Portico's) as the client to authorize as, its sign-in host checked. */
async function savedAppClient(
  app: App,
  organizationId: string,
  provider: ProviderId,
): Promise<AuthorizationClient> {
  const name = providers[provider].name;
  const oauth = providerSpecs[provider].oauth;
  const endpoints = providerEndpoints(provider, app.config);
  if (!oauth || !endpoints.authorizeUrl || !endpoints.tokenUrl) {
    throw new AppError("BAD_REQUEST", `${name} does not connect with OAuth.`);
  }
  const credential = await resolveOAuthApp(app, organizationId, provider);
  if (!credential) {
    throw new AppError(
      "BAD_REQUEST",
      `There is no OAuth app for ${name}: save your organization's own first.`,
    );
  }
  // The app may name its own login host (a Salesforce sandbox or My Domain).
  const authorizeUrl = new URL(
    oauthEndpoints(provider, app.config, credential.values).authorizeUrl ?? endpoints.authorizeUrl,
  );
  // Before anything is stored: an unreachable sign-in host is said here, and no row waits "Pending".
  await ensureAuthorizeHostAnswers(app, authorizeUrl, name);
  const scopes = new Set([
    ...(oauth.baseScopes ?? []),
    ...integrationsOfProvider(provider).flatMap((id) => integrationRegistry[id].oauthScopes),
  ]);
  return {
    authorizeUrl,
    clientId: String(credential.values.clientId),
    redirectUri: String(credential.values.redirectUri),
    scope: scopes.size > 0 ? [...scopes].join(oauth.scopeSeparator ?? " ") : undefined,
    pkce: Boolean(oauth.pkce),
    credentialId: credential.id,
    extraParams: oauth.extraAuthorizeParams ?? {},
  };
}

/**
 * Sends the browser to the provider for an intent already checked: by resolveConnectIntent for a
 * member (`userId`), or by a connect link for an external user (`userId` null, intent "external").
 */
export async function beginAuthorization(
  app: App,
  userId: string | null,
  organizationId: string,
  integrationId: IntegrationId,
  intent: ResolvedIntent,
): Promise<{ authorizeUrl: string }> {
  const provider = integrationProvider[integrationId];
  // Remote MCP servers that name their own authorization server: no saved app, a client registered now.
  const client = connectsWithoutOAuthApp(provider)
    ? await remoteMcpClient(app, provider)
    : await savedAppClient(app, organizationId, provider);
  const state = randomToken();
  const stateHash = hashState(state);
  const verifier = client.pkce ? randomToken() : null;
  const sealedVerifier = verifier ? app.keyring.encrypt(verifier, oauthStateContext(stateHash)) : null;

  await rememberAuthorization(app, intent, {
    stateHash,
    organizationId,
    provider,
    integrationId,
    userId,
    externalUserId: intent.externalUserId ?? null,
    credentialId: client.credentialId,
    ...(client.registeredClient
      ? {
          registeredClient: app.keyring.encrypt(
            JSON.stringify(client.registeredClient),
            registeredClientContext(stateHash),
          ),
        }
      : {}),
    redirectUri: client.redirectUri,
    codeVerifier: sealedVerifier,
    codeVerifierKeyId: sealedVerifier ? Keyring.keyIdOf(sealedVerifier) : null,
  });

  const url = client.authorizeUrl;
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", client.clientId);
  url.searchParams.set("redirect_uri", client.redirectUri);
  if (client.scope !== undefined) url.searchParams.set("scope", client.scope);
  url.searchParams.set("state", state);
  if (verifier) {
    url.searchParams.set("code_challenge", codeChallengeOf(verifier));
    url.searchParams.set("code_challenge_method", "S256");
  }
  for (const [key, value] of Object.entries(client.extraParams)) url.searchParams.set(key, value);
  return { authorizeUrl: url.toString() };
}
