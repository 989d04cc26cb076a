// The scopes MCP clients may ask Portico's authorization server for, with the plain words the consent
// screen shows. One list serves the server (what is allowed and advertised) and the UI.
export const oauthScopes = {
  mcp: "Use the tools of the project you choose below, through MCP",
  offline_access: "Stay connected: renew its access without asking you again, for up to 30 days",
} as const;

export type OAuthScope = keyof typeof oauthScopes;

export const OAUTH_SCOPES = Object.keys(oauthScopes) as OAuthScope[];

export function isOAuthScope(value: string): value is OAuthScope {
  return Object.hasOwn(oauthScopes, value);
}

/** What a scope lets the client do, in words; unknown scopes are shown as sent. */
export function describeScope(scope: string): string {
  return isOAuthScope(scope) ? oauthScopes[scope] : scope;
}
