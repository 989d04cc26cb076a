// What the server knows about a provider beyond the public catalogue: where its OAuth and API
// endpoints are and how it wants to be called. Endpoints are defaults; configuration
// (INTEGRATION_ENDPOINTS) replaces any of them, which is how tests point providers at local fakes.
import type { IntegrationId, ProviderId } from "../../../lib/integrations/types.ts";

export interface ProviderEndpoints {
  authorizeUrl?: string;
  tokenUrl?: string;
  /** RFC 7009 token revocation; absent when the provider offers none. */
  revokeUrl?: string;
  /** Base of the provider's REST API (for API-token checks and the OpenAPI engine). */
  apiBaseUrl?: string;
  /** Remote MCP server of the provider (source type mcp). */
  mcpUrl?: string;
}
export const endpointNames = ["authorizeUrl", "tokenUrl", "revokeUrl", "apiBaseUrl", "mcpUrl"] as const;

export interface OAuthSpec {
  /** Whether the provider accepts PKCE (S256); we send it whenever it does. */
  pkce: boolean;
  /** How the client authenticates at the token endpoint. */
  clientAuth: "body" | "basic";
  /** Scopes per integration; a connection asks for the union of the provider's integrations. */
  scopes: Partial<Record<IntegrationId, readonly string[]>>;
  /** Scopes every connection asks for (e.g. offline access for refresh tokens). */
  baseScopes?: readonly string[];
  scopeSeparator?: string;
  extraAuthorizeParams?: Record<string, string>;
}

export interface ProviderSpec {
  id: ProviderId;
  endpoints: ProviderEndpoints;
  oauth?: OAuthSpec;
}
