// Starting the authorization-code flow: pick the organization's own OAuth app or Portico's global
// one, check its sign-in host answers (authorize-host-check.ts), remember a single-use state (bound to
// the user who started) with the PKCE verifier, and send the browser to the provider. The connection shows "pending" until the provider sends the user back.
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
import type { IntegrationId } from "../../../lib/integrations/types.ts";
import type { App } from "../../app-services.ts";
import { Keyring } from "../../crypto/envelope.ts";
import { GLOBAL, organizationOwner, readCredential } from "../credentials/credential-store.ts";
import { ensureAuthorizeHostAnswers } from "./authorize-host-check.ts";
import { type ConnectRequest, type ResolvedIntent, resolveConnectIntent } from "./connect-intent.ts";
import { rememberAuthorization } from "./pending-authorization.ts";
import { codeChallengeOf, hashState, oauthStateContext, randomToken } from "./pkce.ts";
import { startRemoteMcpOAuth } from "./remote-mcp/start-remote-mcp-oauth.ts";

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
  if (connectsWithoutOAuthApp(provider))
    return startRemoteMcpOAuth(app, userId, organizationId, integrationId, intent);
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
  const url = new URL(
    oauthEndpoints(provider, app.config, credential.values).authorizeUrl ?? endpoints.authorizeUrl,
  );
  // Before anything is stored: an unreachable sign-in host is said here, and no row waits "Pending".
  await ensureAuthorizeHostAnswers(app, url, name);
  const redirectUri = String(credential.values.redirectUri);
  const state = randomToken();
  const stateHash = hashState(state);
  const verifier = oauth.pkce ? randomToken() : null;
  const sealedVerifier = verifier ? app.keyring.encrypt(verifier, oauthStateContext(stateHash)) : null;

  await rememberAuthorization(app, intent, {
    stateHash,
    organizationId,
    provider,
    integrationId,
    userId,
    externalUserId: intent.externalUserId ?? null,
    credentialId: credential.id,
    redirectUri,
    codeVerifier: sealedVerifier,
    codeVerifierKeyId: sealedVerifier ? Keyring.keyIdOf(sealedVerifier) : null,
  });

  const scopes = new Set([
    ...(oauth.baseScopes ?? []),
    ...integrationsOfProvider(provider).flatMap((id) => integrationRegistry[id].oauthScopes),
  ]);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", String(credential.values.clientId));
  url.searchParams.set("redirect_uri", redirectUri);
  if (scopes.size > 0) url.searchParams.set("scope", [...scopes].join(oauth.scopeSeparator ?? " "));
  url.searchParams.set("state", state);
  if (verifier) {
    url.searchParams.set("code_challenge", codeChallengeOf(verifier));
    url.searchParams.set("code_challenge_method", "S256");
  }
  for (const [key, value] of Object.entries(oauth.extraAuthorizeParams ?? {}))
    url.searchParams.set(key, value);
  return { authorizeUrl: url.toString() };
}
