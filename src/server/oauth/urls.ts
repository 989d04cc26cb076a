// The addresses MCP clients discover: one protected resource (the MCP endpoint) and Better Auth's
// authorization server under /api/auth. `baseUrl` is config().baseUrl, without a trailing slash.

/** RFC 8707 resource indicator and token audience of the MCP endpoint. */
export const mcpResourceUrl = (baseUrl: string) => `${baseUrl}/mcp`;

/** The authorization server's issuer identifier (Better Auth's base URL). */
export const oauthIssuerUrl = (baseUrl: string) => `${baseUrl}/api/auth`;
