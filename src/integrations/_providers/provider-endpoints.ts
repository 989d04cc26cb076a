// Where a provider is reached: its OAuth and API endpoints. Defaults live in each provider's spec
// (provider-spec.ts); INTEGRATION_ENDPOINTS (server/integrations/endpoint-overrides.ts) replaces any of them.
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
