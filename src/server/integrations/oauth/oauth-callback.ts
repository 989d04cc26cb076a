// GET /api/integrations/oauth/callback: the provider sends the user back here. The state is single-use
// and must come back to the same signed-in user who started (otherwise someone could finish their own
// authorization inside another person's organization). It makes what the state's intent says
// (connect-intent.ts): the default shared connection, another shared one, a named one again, or the
// person's own. The user lands where the flow began (the integration's editor, their Connected
// accounts, or the page a connect prompt named), where the connection's status and reason say how it went.
import { eq } from "drizzle-orm";
import {
  oauthEndpoints,
  oauthHeaders,
  providerEndpoints,
  providerSpecs,
} from "../../../integrations/registry.ts";
import { OAUTH_CALLBACK_PATH } from "../../../lib/integrations/credentials/oauth-app.ts";
import { providers } from "../../../lib/integrations/providers.ts";
import type { App } from "../../app-services.ts";
import { recordAuditEvent } from "../../audit/record-audit-event.ts";
import { connectionConnected } from "../../builder-webhooks/origin-events.ts";
import { integrationOAuthState } from "../../db/schema/index.ts";
import type { ConnectionAccount } from "../../db/schema/integration-connections.ts";
import { connectionChanged } from "../../servers/connection-changes.ts";
import { readSessionUser } from "../../session/session-user.ts";
import { readAccountIdentity } from "../connections/account-identity.ts";
import { askProviderWith } from "../connections/ask-provider.ts";
import { markConnectionBroken } from "../connections/connection-alerts.ts";
import { ConnectionUnavailableError } from "../connections/connection-errors.ts";
import {
  connectionAuditLabel,
  findSharedConnectionOfAccount,
  saveConnection,
  sealTokens,
} from "../connections/connection-store.ts";
import { readCredentialById } from "../credentials/credential-store.ts";
import { callbackFailurePage } from "./callback-failure-page.ts";
import { findIntendedConnection, mayStillConnect } from "./connect-intent.ts";
import { hashState, oauthStateContext, registeredClientContext } from "./pkce.ts";
import {
  exchangeRemoteCode,
  issuerMismatch,
  type PendingRemoteClient,
  registeredClientOf,
} from "./remote-mcp/pending-client.ts";
import { exchangeCode, TokenRequestError, type TokenSet } from "./token-client.ts";

export const OAUTH_CALLBACK_ROUTE = OAUTH_CALLBACK_PATH;

/** Where the person lands after connecting: the page the flow named, else where it began. */
function landingPath(pending: typeof integrationOAuthState.$inferSelect): string {
  if (pending.returnTo) return pending.returnTo;
  if (pending.intent === "personal") {
    return `/app/account?connected=${encodeURIComponent(pending.provider)}#connected-accounts`;
  }
  return `/app/organization/${encodeURIComponent(pending.organizationId)}/integrations?editIntegration=${encodeURIComponent(pending.integrationId)}`;
}

function plainPage(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

export async function handleOAuthCallback(app: App, request: Request): Promise<Response> {
  if (request.method !== "GET") return plainPage(405, "Method not allowed.");
  const params = new URL(request.url).searchParams;
  const state = params.get("state");
  const startAgain = { backHref: "/app/dashboard", backLabel: "Back to Portico" };
  if (!state) {
    return callbackFailurePage({
      status: 400,
      title: "This connection could not be finished",
      message: "This authorization response has no state. Start connecting again from Portico.",
      ...startAgain,
    });
  }
  const [pending] = await app.db
    .delete(integrationOAuthState)
    .where(eq(integrationOAuthState.stateHash, hashState(state)))
    .returning();
  if (!pending || pending.expiresAt.getTime() < Date.now()) {
    return callbackFailurePage({
      status: 400,
      title: "This connection request has expired",
      message: "This authorization has expired or was already used. Start connecting again from Portico.",
      ...startAgain,
    });
  }
  // A connect link's authorization (intent "external") has no Portico user: the single-use link that
  // started it is its proof, and its connection is the external user's (external-users/).
  const external = pending.intent === "external" && pending.externalUserId !== null;
  const user = external ? null : await readSessionUser(app, request.headers);
  if (!external && (!user || user.id !== pending.userId)) {
    return callbackFailurePage({
      status: 403,
      title: "Started by another account",
      message: "This authorization was started by another account. Sign in as that account, or start again.",
      backHref: `/app/organization/${encodeURIComponent(pending.organizationId)}/integrations?editIntegration=${encodeURIComponent(pending.integrationId)}`,
      backLabel: "Back to the integration",
    });
  }

  // The role is checked again: whoever started may have been removed or demoted since (the state lives
  // for minutes), and must not then attach an account to the organization.
  if (user && !(await mayStillConnect(app.db, pending.organizationId, user.id, pending.intent))) {
    return callbackFailurePage({
      status: 403,
      title: "You can no longer manage these integrations",
      message:
        "Your role in this organization changed since you started connecting: you no longer manage its integrations.",
      ...startAgain,
    });
  }

  const { organizationId, provider, integrationId, intent } = pending;
  const personal = intent === "personal";
  const ownerUserId = personal && user ? user.id : null;
  const externalUserId = external ? pending.externalUserId : null;
  const name = providers[provider].name;
  const back = new URL(landingPath(pending), app.config.baseUrl);
  const done = () => Response.redirect(back.toString(), 302);
  const existing = await findIntendedConnection(app.db, pending);
  // Sealing needs the row's identity before it exists: a new connection's id is chosen here.
  const connectionId = existing?.id ?? crypto.randomUUID();
  const owner = { organizationId, provider, ownerUserId, externalUserId };
  const fail = async (reason: string) => {
    // A reconnection that fails leaves a working connection as it was.
    if (existing && existing.status !== "active") await markConnectionBroken(app, existing.id, reason);
    await connectionChanged(app, organizationId, provider);
    return done();
  };

  /** Stores the connection a code exchange made (tokens sealed by the caller) and sends the user back. */
  const storeConnection = async (
    tokens: Pick<TokenSet, "expiresAt" | "scope" | "accessToken" | "apiDomain">,
    fields: Omit<
      Parameters<typeof saveConnection>[2],
      | "id"
      | "organizationId"
      | "provider"
      | "ownerUserId"
      | "externalUserId"
      | "authFlow"
      | "accessTokenExpiresAt"
      | "scopes"
      | "connectedByUserId"
      | "connectedAt"
      | "lastRefreshedAt"
    >,
  ) => {
    // The account it reaches, from the provider's identity call (null when it has none or it failed).
    const identity = fields.account?.site
      ? { id: fields.account.site.id, label: fields.account.site.name }
      : await readAccountIdentity(app, provider, {
          baseUrl: tokens.apiDomain ?? providerEndpoints(provider, app.config).apiBaseUrl ?? "",
          headers: oauthHeaders(provider, tokens.accessToken),
          accessToken: tokens.accessToken,
          authFlow: "oauth",
          userSupplied: tokens.apiDomain !== undefined,
        });
    // "Add another" that reaches an account the organization already connected reconnects that one.
    const same =
      intent === "another" && identity
        ? await findSharedConnectionOfAccount(app.db, organizationId, provider, identity.id)
        : undefined;
    const target = existing?.id ?? same?.id ?? null;
    const savedId = await app.db.transaction(async (tx) => {
      const connection = await saveConnection(tx, target, {
        id: target ?? connectionId,
        organizationId,
        provider,
        ownerUserId,
        externalUserId,
        authFlow: "oauth",
        ...(identity ? { accountId: identity.id, accountLabel: identity.label } : {}),
        ...fields,
        accessTokenExpiresAt: tokens.expiresAt,
        scopes: tokens.scope ?? null,
        connectedByUserId: user?.id ?? null,
        connectedAt: new Date(),
        lastRefreshedAt: null,
      });
      await recordAuditEvent(tx, {
        organizationId,
        action: "integration.connected",
        actorId: user?.id ?? null,
        target: {
          type: "integration",
          id: connection.id,
          label: connectionAuditLabel(connection),
        },
        details: {
          provider,
          integrationId,
          authFlow: "oauth",
          scopes: tokens.scope ?? null,
          personal,
          ...(external ? { externalUser: true } : {}),
          account: connection.accountLabel,
        },
      });
      return connection.id;
    });
    if (fields.status === "active") connectionConnected(app, savedId);
    await connectionChanged(app, organizationId, provider);
    return done();
  };
  /** A token endpoint's refusal is the connection's failure; anything else is a server error. */
  const exchangeFailed = (failure: unknown) => {
    if (failure instanceof TokenRequestError) return fail(`Connecting failed: ${failure.reason}.`);
    throw failure;
  };

  const error = params.get("error");
  const code = params.get("code");
  if (error || !code) {
    const detail = params.get("error_description");
    return fail(
      `${name} did not grant access: ${error ?? "no authorization code"}${detail ? ` (${detail})` : ""}.`,
    );
  }
  const codeVerifier = pending.codeVerifier
    ? app.keyring.decrypt(pending.codeVerifier, oauthStateContext(pending.stateHash))
    : undefined;
  // Remote MCP OAuth: the client was registered for this authorization, the token endpoint discovered.
  if (pending.registeredClient) {
    const remote = JSON.parse(
      app.keyring.decrypt(pending.registeredClient, registeredClientContext(pending.stateHash)),
    ) as PendingRemoteClient;
    if (issuerMismatch(remote, params.get("iss")))
      return fail(`Connecting failed: the authorization response did not come from ${remote.issuer}.`);
    try {
      const tokens = await exchangeRemoteCode(
        app,
        remote,
        { code, redirectUri: pending.redirectUri, codeVerifier: codeVerifier ?? "" },
        name,
      );
      return await storeConnection(tokens, {
        status: "active",
        statusReason: null,
        account: null,
        credentialId: null,
        credentialScope: null,
        ...sealTokens(app.keyring, owner, {
          accessToken: tokens.accessToken,
          ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
          client: registeredClientOf(remote),
        }),
      });
    } catch (failure) {
      return exchangeFailed(failure);
    }
  }
  const credential = pending.credentialId
    ? await readCredentialById(app.db, app.keyring, pending.credentialId)
    : null;
  const oauth = providerSpecs[provider].oauth;
  const tokenUrl = oauthEndpoints(provider, app.config, credential?.values).tokenUrl;
  if (!credential || !oauth || !tokenUrl)
    return fail(`The OAuth app used for ${name} was removed. Connect again.`);
  try {
    const tokens = await exchangeCode(
      tokenUrl,
      {
        clientId: String(credential.values.clientId),
        clientSecret: String(credential.values.clientSecret),
        clientAuth: oauth.clientAuth,
        assumedLifetimeSeconds: oauth.assumedLifetimeSeconds,
        tokenRequestBody: oauth.tokenRequestBody,
      },
      { code, redirectUri: pending.redirectUri, ...(codeVerifier ? { codeVerifier } : {}) },
      name,
    );
    // What the provider's hook keeps of the account (Atlassian: the sites the token reaches).
    let account: ConnectionAccount | null = null;
    if (oauth.accountAfterConnect) {
      try {
        account = await oauth.accountAfterConnect(
          askProviderWith(oauthHeaders(provider, tokens.accessToken), name),
          providerEndpoints(provider, app.config),
          existing?.account ?? null,
        );
      } catch (error) {
        if (!(error instanceof ConnectionUnavailableError)) throw error;
        return fail(`Connecting failed: ${error.reason.replace(/\.$/, "")}.`);
      }
    }
    // Sites listed and none of them chosen: the person chooses on the integrations page.
    const chosen = !account?.sites || account.site !== undefined;
    return await storeConnection(tokens, {
      // Several sites and none chosen yet: connected, but waiting for the user's choice.
      status: chosen ? "active" : "pending",
      statusReason: chosen ? null : `Choose which ${name} site Portico should use.`,
      account,
      credentialId: credential.id,
      credentialScope: credential.scope,
      ...sealTokens(app.keyring, owner, {
        accessToken: tokens.accessToken,
        ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
        ...(tokens.apiDomain ? { apiDomain: tokens.apiDomain } : {}),
      }),
    });
  } catch (failure) {
    return exchangeFailed(failure);
  }
}
