// What the server knows about a provider, once per provider (a Google connection serves Gmail, Calendar
// and Drive): where its OAuth and API endpoints are, how it wants to be called with each saved
// credential, and the cheap call that checks a credential before it is saved. Endpoints are defaults;
// configuration (INTEGRATION_ENDPOINTS) replaces any of them, which is how tests point providers at fakes.
// Which OAuth scopes a connection asks for is each integration's own (src/integrations/<id>/index.ts).
import type { AuthFlowType, ProviderId } from "../../lib/integrations/types.ts";
import type { AskProvider, ConnectionAccount, ConnectionAddress } from "../_kit/connection-account.ts";
import type { AccessBuilder, CheckRequest, CredentialValues, LoginRequest } from "./access.ts";
import type { ProviderEndpoints } from "./provider-endpoints.ts";

// In their own file so access.ts (which builds from them) and this file do not import each other.
export { endpointNames, type ProviderEndpoints } from "./provider-endpoints.ts";

export interface OAuthSpec {
  /** Whether the provider accepts PKCE (S256); we send it whenever it does. */
  pkce: boolean;
  /** How the client authenticates at the token endpoint. */
  clientAuth: "body" | "basic";
  /** The token request's body: RFC 6749's form (default), or JSON (Atlassian documents JSON). */
  tokenRequestBody?: "form" | "json";
  /** Scopes every connection asks for (e.g. offline access for refresh tokens). */
  baseScopes?: readonly string[];
  scopeSeparator?: string;
  extraAuthorizeParams?: Record<string, string>;
  /**
   * How revokeUrl revokes: RFC 7009's form POST (default), or a DELETE of `<revokeUrl>/<refresh token>`
   * without client authentication (HubSpot).
   */
  revocation?: "rfc7009" | "delete-refresh-token";
  /**
   * Seconds an access token is taken to live when the token answer has no expires_in (Salesforce's
   * sessions time out after the org's session timeout but the answer does not say when); absent: until
   * the provider refuses it.
   */
  assumedLifetimeSeconds?: number;
  /**
   * OAuth endpoints the saved OAuth app names itself (Salesforce's login host for sandboxes and My
   * Domain); they replace the provider's and the configured ones for that app's connections.
   */
  endpointsFor?: (values: CredentialValues) => Partial<ProviderEndpoints>;
  /** The Authorization header for an access token; a bearer token when absent. */
  headers?: (accessToken: string) => Record<string, string>;
  /**
   * After a connect's token exchange: what the connection keeps of the account (Atlassian: the sites
   * the token reaches and the one it calls), given what a former connection kept. Throws
   * ConnectionUnavailableError when the account cannot be connected.
   */
  accountAfterConnect?: (
    ask: AskProvider,
    endpoints: ProviderEndpoints,
    previous: ConnectionAccount | null,
  ) => Promise<ConnectionAccount>;
  /** Where calls go besides apiBaseUrl, when the token answer named no host of the account's own. */
  address?: {
    /** From what the connection keeps (Atlassian: the chosen site's cloudId). */
    stored?: (account: ConnectionAccount | null) => ConnectionAddress | undefined;
    /** Asked of the provider otherwise, once per connection (the server caches it). */
    discover: (ask: AskProvider, endpoints: ProviderEndpoints) => Promise<ConnectionAddress>;
  };
}

export interface ProviderSpec {
  id: ProviderId;
  endpoints: ProviderEndpoints;
  /** Required when the provider's auth flows (lib/integrations/providers.ts) include OAuth. */
  oauth?: OAuthSpec;
  /** Every non-OAuth flow the provider allows: base URL, headers and URL variables from the saved values. */
  access: Partial<Record<Exclude<AuthFlowType, "oauth">, AccessBuilder>>;
  /** Every non-OAuth flow: one cheap read-only request (appended to the access's base URL). */
  check: Partial<Record<Exclude<AuthFlowType, "oauth">, (values: CredentialValues) => CheckRequest>>;
  /**
   * Flows whose saved values are a login, not a token (Caflou): the login request, or undefined when the
   * values carry none (credentials saved before). Its token is cached until expiry and renewed once on a 401.
   */
  login?: Partial<
    Record<Exclude<AuthFlowType, "oauth">, (values: CredentialValues) => LoginRequest | undefined>
  >;
  /** The MCP URL connections call (remote MCP providers), when it is not endpoints.mcpUrl as it is (Exa). */
  remoteMcpUrl?: (endpoints: ProviderEndpoints) => string;
  /** The provider's public pages the endpoints, auth and checks above were taken from. */
  references: readonly string[];
}
