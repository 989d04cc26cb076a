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

type PendingAuthorization = typeof integrationOAuthState.$inferSelect;
type SessionUser = NonNullable<Awaited<ReturnType<typeof readSessionUser>>>;

/** Where the person lands after connecting: the page the flow named, else where it began. */
function landingPath(pending: PendingAuthorization): string {
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
  const claimed = await claimAuthorization(app, request, params.get("state"));
  if ("refused" in claimed) return claimed.refused;
  const flow = await startFlow(app, claimed.pending, claimed.user);
  const { pending } = flow;

  const error = params.get("error");
  const code = params.get("code");
  if (error || !code) {
    const detail = params.get("error_description");
    return flow.fail(
      `${flow.name} did not grant access: ${error ?? "no authorization code"}${detail ? ` (${detail})` : ""}.`,
    );
  }
  const codeVerifier = pending.codeVerifier
    ? app.keyring.decrypt(pending.codeVerifier, oauthStateContext(pending.stateHash))
    : undefined;
  try {
    return pending.registeredClient
      ? await finishRemoteAuthorization(flow, pending.registeredClient, params.get("iss"), code, codeVerifier)
      : await finishProviderAuthorization(flow, code, codeVerifier);
  } catch (failure) {
    // A token endpoint's refusal is the connection's failure; anything else is a server error.
    if (failure instanceof TokenRequestError) return flow.fail(`Connecting failed: ${failure.reason}.`);
    throw failure;
  }
}

/**
 * The state, used up, and who may finish it: the same signed-in user who started, still allowed to
 * connect (a connect link's authorization, intent "external", has no Portico user: the single-use link
 * that started it is its proof). Otherwise the page that says why.
 */
async function claimAuthorization(
  app: App,
  request: Request,
  state: string | null,
): Promise<{ pending: PendingAuthorization; user: SessionUser | null } | { refused: Response }> {
  const startAgain = { backHref: "/app/dashboard", backLabel: "Back to Portico" };
  if (!state) {
    return {
      refused: callbackFailurePage({
        status: 400,
        title: "This connection could not be finished",
        message: "This authorization response has no state. Start connecting again from Portico.",
        ...startAgain,
      }),
    };
  }
  const [pending] = await app.db
    .delete(integrationOAuthState)
    .where(eq(integrationOAuthState.stateHash, hashState(state)))
    .returning();
  if (!pending || pending.expiresAt.getTime() < Date.now()) {
    return {
      refused: callbackFailurePage({
        status: 400,
        title: "This connection request has expired",
        message: "This authorization has expired or was already used. Start connecting again from Portico.",
        ...startAgain,
      }),
    };
  }
  const external = pending.intent === "external" && pending.externalUserId !== null;
  const user = external ? null : await readSessionUser(app, request.headers);
  if (!external && (!user || user.id !== pending.userId)) {
    return {
      refused: callbackFailurePage({
        status: 403,
        title: "Started by another account",
        message:
          "This authorization was started by another account. Sign in as that account, or start again.",
        backHref: `/app/organization/${encodeURIComponent(pending.organizationId)}/integrations?editIntegration=${encodeURIComponent(pending.integrationId)}`,
        backLabel: "Back to the integration",
      }),
    };
  }
  // The role is checked again: whoever started may have been removed or demoted since (the state lives
  // for minutes), and must not then attach an account to the organization.
  if (user && !(await mayStillConnect(app.db, pending.organizationId, user.id, pending.intent))) {
    return {
      refused: callbackFailurePage({
        status: 403,
        title: "You can no longer manage these integrations",
        message:
          "Your role in this organization changed since you started connecting: you no longer manage its integrations.",
        ...startAgain,
      }),
    };
  }
  return { pending, user };
}

/** A claimed authorization on its way to a connection: whose it is, and how it ends. */
interface CallbackFlow {
  app: App;
  pending: PendingAuthorization;
  user: SessionUser | null;
  external: boolean;
  /** The provider's display name, for the connection's reasons. */
  name: string;
  /** The connection this authorization connects again, if any (connect-intent.ts). */
  existing: Awaited<ReturnType<typeof findIntendedConnection>>;
  /** A new connection's id, chosen before the row exists: sealing needs it. */
  connectionId: string;
  owner: Parameters<typeof sealTokens>[1];
  /** Records why connecting failed and sends the person back. */
  fail(reason: string): Promise<Response>;
  done(): Response;
}

async function startFlow(
  app: App,
  pending: PendingAuthorization,
  user: SessionUser | null,
): Promise<CallbackFlow> {
  const { organizationId, provider } = pending;
  const external = pending.intent === "external" && pending.externalUserId !== null;
  const existing = await findIntendedConnection(app.db, pending);
  const back = new URL(landingPath(pending), app.config.baseUrl);
  const done = () => Response.redirect(back.toString(), 302);
  return {
    app,
    pending,
    user,
    external,
    name: providers[provider].name,
    existing,
    connectionId: existing?.id ?? crypto.randomUUID(),
    owner: {
      organizationId,
      provider,
      ownerUserId: pending.intent === "personal" && user ? user.id : null,
      externalUserId: external ? pending.externalUserId : null,
    },
    done,
    async fail(reason) {
      // A reconnection that fails leaves a working connection as it was.
      if (existing && existing.status !== "active") await markConnectionBroken(app, existing.id, reason);
      await connectionChanged(app, organizationId, provider);
      return done();
    },
  };
}

/** Remote MCP OAuth: the client was registered for this authorization, the token endpoint discovered. */
async function finishRemoteAuthorization(
  flow: CallbackFlow,
  sealedClient: string,
  issuer: string | null,
  code: string,
  codeVerifier: string | undefined,
): Promise<Response> {
  const { app, pending } = flow;
  const remote = JSON.parse(
    app.keyring.decrypt(sealedClient, registeredClientContext(pending.stateHash)),
  ) as PendingRemoteClient;
  if (issuerMismatch(remote, issuer))
    return flow.fail(`Connecting failed: the authorization response did not come from ${remote.issuer}.`);
  const tokens = await exchangeRemoteCode(
    app,
    remote,
    { code, redirectUri: pending.redirectUri, codeVerifier: codeVerifier ?? "" },
    flow.name,
  );
  return storeConnection(flow, tokens, {
    status: "active",
    statusReason: null,
    account: null,
    credentialId: null,
    credentialScope: null,
    ...sealTokens(app.keyring, flow.owner, {
      accessToken: tokens.accessToken,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      client: registeredClientOf(remote),
    }),
  });
}

/** A provider's own OAuth app (the credential the authorization began with). */
async function finishProviderAuthorization(
  flow: CallbackFlow,
  code: string,
  codeVerifier: string | undefined,
): Promise<Response> {
  const { app, pending, name } = flow;
  const { provider } = pending;
  const credential = pending.credentialId
    ? await readCredentialById(app.db, app.keyring, pending.credentialId)
    : null;
  const oauth = providerSpecs[provider].oauth;
  const tokenUrl = oauthEndpoints(provider, app.config, credential?.values).tokenUrl;
  if (!credential || !oauth || !tokenUrl)
    return flow.fail(`The OAuth app used for ${name} was removed. Connect again.`);
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
        flow.existing?.account ?? null,
      );
    } catch (error) {
      if (!(error instanceof ConnectionUnavailableError)) throw error;
      return flow.fail(`Connecting failed: ${error.reason.replace(/\.$/, "")}.`);
    }
  }
  // Sites listed and none of them chosen: the person chooses on the integrations page.
  const chosen = !account?.sites || account.site !== undefined;
  return storeConnection(flow, tokens, {
    // Several sites and none chosen yet: connected, but waiting for the user's choice.
    status: chosen ? "active" : "pending",
    statusReason: chosen ? null : `Choose which ${name} site Portico should use.`,
    account,
    credentialId: credential.id,
    credentialScope: credential.scope,
    ...sealTokens(app.keyring, flow.owner, {
      accessToken: tokens.accessToken,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      ...(tokens.apiDomain ? { apiDomain: tokens.apiDomain } : {}),
    }),
  });
}

/** The fields of the connection that the finishing step decides (the rest follow from the flow). */
type ConnectionFields = Omit<
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
>;

/** Stores the connection a code exchange made (tokens sealed by the caller) and sends the user back. */
async function storeConnection(
  flow: CallbackFlow,
  tokens: Pick<TokenSet, "expiresAt" | "scope" | "accessToken" | "apiDomain">,
  fields: ConnectionFields,
): Promise<Response> {
  const { app, pending, user, external, existing, owner } = flow;
  const { organizationId, provider, integrationId, intent } = pending;
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
      id: target ?? flow.connectionId,
      ...owner,
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
      target: { type: "integration", id: connection.id, label: connectionAuditLabel(connection) },
      details: {
        provider,
        integrationId,
        authFlow: "oauth",
        scopes: tokens.scope ?? null,
        personal: intent === "personal",
        ...(external ? { externalUser: true } : {}),
        account: connection.accountLabel,
      },
    });
    return connection.id;
  });
  if (fields.status === "active") connectionConnected(app, savedId);
  await connectionChanged(app, organizationId, provider);
  return flow.done();
}
