// Which provider account a connection reaches (the mailbox, the HubSpot portal, the Salesforce org, …),
// read with the provider's documented identity call once the connection is made, so people see what
// they connected. One call per provider, with the connection's own auth and base URL; anything that
// goes wrong (no such call, a refusal, a timeout, an answer without the fields) is null: connecting
// still succeeds, only the account is not named.
//
// `id` is the provider's stable id of the account reached: the person for mail and calendar providers
// (Google, Microsoft, monday.com, SurveyMonkey), the tenant for CRMs (HubSpot portal, Salesforce org,
// Pipedrive company, Attio workspace). `label` is what a person recognises, with the user where the
// call names one ("petr@acme.test (Acme)").
import type { AuthFlowType, ProviderId } from "../../../lib/integrations/types.ts";
import type { App } from "../../app-services.ts";
import { fetchPublicUrl, readTextCapped } from "../../security/ssrf-guard.ts";

export interface AccountIdentity {
  id: string;
  label: string;
}

/**
 * How to reach the provider: a `ConnectionAuth` (engine/connection-auth.ts) fits as it is. `authFlow`
 * picks Google's call for service accounts; `userSupplied` (an address from the token answer or the
 * user) sends the call through the SSRF guard, as fetchWithAuth does.
 */
export interface IdentityAccess {
  baseUrl: string;
  headers: Record<string, string>;
  accessToken?: string;
  authFlow?: AuthFlowType;
  userSupplied?: boolean;
  /** What the provider's URLs embed (Caflou's account id). */
  variables?: Record<string, string>;
}

/** The identity call is a courtesy after connecting: it must not hold the connect flow up for long. */
export const IDENTITY_TIMEOUT_MS = 5_000;
/** Identity answers are small; anything larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

interface IdentityRequest {
  /** Appended to the access's base URL. */
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  read: (answer: unknown) => AccountIdentity | null;
}

type Json = Record<string, unknown>;

const record = (value: unknown): Json =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** A non-empty string, or a number as a string; undefined for anything else. */
function text(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

const identity = (id: string | undefined, label: string | undefined): AccountIdentity | null =>
  id && label ? { id, label } : null;

/** "user (account)" when both are known, else whichever is. */
const userAt = (user: string | undefined, account: string | undefined) =>
  user && account ? `${user} (${account})` : (user ?? account);

// Google: the OAuth connection asks for `openid email` besides the packs' scopes (_providers/google.ts),
// so the Google OAuth2 API's userinfo.get answers the signed-in account's address on Google's shared API
// host (the provider's apiBaseUrl, configurable like every other Google call). The id is the address:
// service accounts are named by the same address (below), and one person is then one id whichever way
// the connection was made.
// https://developers.google.com/identity/protocols/oauth2/api/reference/rest/v2/userinfo/get
// https://developers.google.com/identity/protocols/oauth2/scopes#oauth2 (email = userinfo.email)
// (OpenID Connect's own userinfo_endpoint, https://openidconnect.googleapis.com/v1/userinfo in
// https://developers.google.com/identity/openid-connect/reference, is on a host of its own that
// configuration cannot point elsewhere.)
const googleUserinfo: IdentityRequest = {
  path: "/oauth2/v2/userinfo",
  read: (answer) => {
    const email = text(record(answer).email);
    return identity(email, email);
  },
};

// A Google service account's token carries the packs' scopes only (no email): Drive's about.get names
// the user it acts as, the same call the credential check makes with the drive scope every Google
// connection asks for. https://developers.google.com/workspace/drive/api/reference/rest/v3/about/get
const googleDriveAbout: IdentityRequest = {
  path: "/drive/v3/about?fields=user",
  read: (answer) => {
    const email = text(record(record(answer).user).emailAddress);
    return identity(email, email);
  },
};

const calls: Partial<Record<ProviderId, (access: IdentityAccess) => IdentityRequest | null>> = {
  google: (access) => (access.authFlow === "service-account" ? googleDriveAbout : googleUserinfo),

  // Microsoft Graph: GET /me with User.Read, which every Microsoft connection asks for. Work accounts
  // may have no `mail`; userPrincipalName is then the sign-in address. The id is the user's object id.
  // https://learn.microsoft.com/graph/api/user-get
  microsoft: () => ({
    path: "/me?$select=id,displayName,mail,userPrincipalName",
    read: (answer) => {
      const me = record(answer);
      return identity(text(me.id), text(me.mail) ?? text(me.userPrincipalName) ?? text(me.displayName));
    },
  }),

  // HubSpot: the account information API (scope `oauth`, which the HubSpot pack asks for) names the
  // portal; the current version has no portal name, so the label is its id (the Hub ID people see in
  // the account menu), with the kind of account when it is not a standard one. OAuth v1's
  // access-tokens/{token} (hub_domain, user) is deprecated and its v3 successor needs the app's secret.
  // https://developers.hubspot.com/docs/api-reference/latest/account/account-information/get-account-details
  // https://developers.hubspot.com/docs/api-reference/latest/account/account-information/guide
  hubspot: () => ({
    path: "/account-info/2026-03/details",
    read: (answer) => {
      const details = record(answer);
      const portal = text(details.portalId);
      const kind = text(details.accountType);
      const special = kind && kind !== "STANDARD" ? ` (${kind.toLowerCase().replace(/_/g, " ")})` : "";
      return identity(portal, portal && `HubSpot portal ${portal}${special}`);
    },
  }),

  // Salesforce: the UserInfo endpoint on the connection's instance (My Domain) names the org and the
  // user; it has no org name. connection-auth.ts asks the same endpoint for older connections' instance.
  // https://help.salesforce.com/s/articleView?id=xcloud.remoteaccess_using_userinfo_endpoint.htm
  salesforce: () => ({
    path: "/services/oauth2/userinfo",
    read: (answer) => {
      const info = record(answer);
      return identity(
        text(info.organization_id),
        text(info.preferred_username) ?? text(info.email) ?? text(info.name),
      );
    },
  }),

  // Atlassian: the site chosen in the connect flow is the account (integration_connection.account.site);
  // the caller names it from there, no call is needed.
  atlassian: () => null,

  // Pipedrive: /users/me on the company's api_domain names the user and the company (id, name, domain).
  // https://pipedrive.readme.io/docs/marketplace-getting-user-data
  // https://developers.pipedrive.com/docs/api/v1/Users#getCurrentUser
  pipedrive: () => ({
    path: "/api/v1/users/me",
    read: (answer) => {
      const me = record(record(answer).data);
      const company = text(me.company_name) ?? text(me.company_domain);
      return identity(text(me.company_id), userAt(text(me.email), company));
    },
  }),

  // monday.com: the `me` query (scope me:read). `me { account { name } }` needs account:read, which the
  // monday.com pack does not ask for, so the user names the connection.
  // https://developer.monday.com/api-reference/reference/me
  // https://developer.monday.com/api-reference/reference/account
  monday: () => ({
    path: "/v2",
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "query { me { id name email } }" }),
    read: (answer) => {
      const me = record(record(record(answer).data).me);
      return identity(text(me.id), text(me.email) ?? text(me.name));
    },
  }),

  // Attio: Identify (GET /v2/self) describes the token and its workspace; `active: false` is a dead token.
  // https://docs.attio.com/rest-api/endpoint-reference/meta/identify
  attio: () => ({
    path: "/self",
    read: (answer) => {
      const self = record(answer);
      if (self.active !== true) return null;
      return identity(text(self.workspace_id), text(self.workspace_name) ?? text(self.workspace_slug));
    },
  }),

  // Caflou: GET /api/v1/accounts lists the accounts the logged-in user reaches ("Get list of the
  // accounts user has access to"); the saved account id picks the one the connection works in, and
  // its name labels it. The answer's body is not described; the public client reads [{ id, name }],
  // the live API's lists may come as { results } (src/integrations/caflou/REFERENCES.md).
  caflou: (access) => {
    const accountId = access.variables?.accountId;
    if (!accountId) return null;
    return {
      path: "/api/v1/accounts",
      read: (answer) => {
        const body = record(answer);
        const list = Array.isArray(answer) ? answer : Array.isArray(body.results) ? body.results : [];
        const account = list.map(record).find((item) => text(item.id) === accountId);
        return account ? identity(accountId, text(account.name)) : null;
      },
    };
  },

  // SurveyMonkey: GET /v3/users/me on the account's data center (access_url). The pack does not ask for
  // users_read; should SurveyMonkey want it for this call, the refusal is null like any other.
  // https://api.surveymonkey.com/v3/docs#api-endpoints-get-users-me
  surveymonkey: () => ({
    path: "/v3/users/me",
    read: (answer) => {
      const me = record(answer);
      return identity(text(me.id), text(me.email) ?? text(me.username));
    },
  }),
};

/** Never throws: null when the provider has no identity call or it fails (connecting still succeeds). */
export async function readAccountIdentity(
  app: { config: Pick<App["config"], "allowPrivateUrls"> },
  provider: ProviderId,
  access: IdentityAccess,
): Promise<AccountIdentity | null> {
  try {
    const request = calls[provider]?.(access);
    if (!request || !access.baseUrl) return null;
    const url = `${access.baseUrl.replace(/\/+$/, "")}${request.path}`;
    const init = {
      method: request.method ?? "GET",
      headers: { accept: "application/json", ...access.headers, ...request.headers },
      body: request.body,
    };
    // Like fetchWithAuth: configured hosts directly, addresses from a response or the user through the
    // SSRF guard; never a redirect (it would carry the token elsewhere).
    const response = access.userSupplied
      ? await fetchPublicUrl(
          url,
          init,
          { allowPrivateNetworks: app.config.allowPrivateUrls },
          { timeoutMs: IDENTITY_TIMEOUT_MS, maxRedirects: 0 },
        )
      : await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(IDENTITY_TIMEOUT_MS) });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const { text: body, truncated } = await readTextCapped(response, MAX_ANSWER_BYTES);
    if (truncated) return null;
    return request.read(JSON.parse(body));
  } catch {
    return null;
  }
}
