// How each provider wants to be called with a saved credential (API token, service account) or an
// OAuth access token: the base URL, the auth headers and the per-connection variables its URLs need.
// One table, shared by the cheap check before saving (credential-check.ts) and by the engines, so the
// check and the real calls can never disagree on how a provider is authenticated.
import type { AuthFlowType, ProviderId } from "../../../lib/integrations/types.ts";
import type { ProviderEndpoints } from "../providers/provider-spec.ts";

export type CredentialValues = Record<string, string | number | undefined>;

export interface CredentialAccess {
  /** Where the provider's API is, without a trailing slash ("" when neither configured nor given). */
  baseUrl: string;
  headers: Record<string, string>;
  /** Values the provider's URLs embed (Atlassian cloudId, Caflou accountId, …). */
  variables: Record<string, string>;
  /** The base URL comes from the user's values, not configuration: calls go through the SSRF guard. */
  userSupplied: boolean;
}

const text = (value: string | number | undefined) => String(value ?? "");
const trimSlash = (url: string) => url.replace(/\/+$/, "");

export const bearer = (token: string | number | undefined) => ({ authorization: `Bearer ${text(token)}` });
export const basic = (user: string | number | undefined, password: string | number | undefined) => ({
  authorization: `Basic ${Buffer.from(`${text(user)}:${text(password)}`).toString("base64")}`,
});

type AccessBuilder = (values: CredentialValues, endpoints: ProviderEndpoints) => CredentialAccess;

const configured = (
  endpoints: ProviderEndpoints,
  headers: Record<string, string>,
  variables: Record<string, string> = {},
): CredentialAccess => ({
  baseUrl: trimSlash(endpoints.apiBaseUrl ?? ""),
  headers,
  variables,
  userSupplied: false,
});

/** Saved credentials that are themselves the connection (every flow but OAuth). */
const credentialAccess: Partial<Record<`${ProviderId}:${AuthFlowType}`, AccessBuilder>> = {
  "google:service-account": (v, e) => configured(e, bearer(v.accessToken)),
  "atlassian:api-token": (v, e) => configured(e, basic(v.email, v.apiToken), { cloudId: text(v.cloudId) }),
  "raynet:api-token": (v, e) =>
    configured(e, { ...basic(v.email, v.apiKey), "x-instance-name": text(v.namespace) }),
  "caflou:api-token": (v) => ({
    baseUrl: trimSlash(text(v.baseUrl)),
    headers: bearer(v.apiKey),
    variables: { accountId: text(v.accountId) },
    userSupplied: true,
  }),
  // The regional address is one of two fixed hosts; configuration may replace it (proxies, tests).
  "alveno:api-token": (v, e) => ({
    baseUrl: trimSlash(e.apiBaseUrl ?? text(v.baseUrl)),
    headers: { "x-api-key": text(v.apiKey), "x-tenant-id": text(v.tenantId) },
    variables: {},
    userSupplied: e.apiBaseUrl === undefined,
  }),
  "brevo:api-token": (v, e) => ({ ...configured(e, bearer(v.mcpApiKey)), baseUrl: text(e.mcpUrl) }),
  "exa:api-token": (v, e) => ({
    ...configured(e, { "x-api-key": text(v.mcpApiKey) }),
    baseUrl: text(e.mcpUrl),
  }),
  "openai:api-token": (v, e) => ({
    ...configured(e, bearer(v.apiKey)),
    baseUrl: trimSlash(text(v.baseUrl ?? e.apiBaseUrl)),
  }),
};

/** The access a saved non-OAuth credential gives, or undefined when the provider has no such flow. */
export function accessFromCredential(
  provider: ProviderId,
  flow: AuthFlowType,
  values: CredentialValues,
  endpoints: ProviderEndpoints,
): CredentialAccess | undefined {
  return credentialAccess[`${provider}:${flow}`]?.(values, endpoints);
}

/** monday.com documents its token as the bare Authorization value; everyone else takes a bearer token. */
export function oauthHeaders(provider: ProviderId, accessToken: string): Record<string, string> {
  return provider === "monday" ? { authorization: accessToken } : bearer(accessToken);
}
