// Small adjustments to what MCP clients send, made before the oauth-provider plugin validates it:
//
// - Registration (RFC 7591): clients such as Claude Code and VS Code register
//   `http://localhost:<port>/callback` without `application_type`, which the plugin would treat as a web
//   client and refuse (web clients need https). A client with an http loopback redirect is a native
//   app (RFC 8252 §7.3), so it is registered as one; the plugin then matches its redirect on any port.
//   So is a client redirecting to a private-use URI scheme such as Cursor's `cursor://…` (RFC 8252
//   §7.1): only an app installed on the device can receive it.
// - Scopes: a client may ask for scopes Portico does not have ("openid", "claudeai"…). RFC 6749 §3.3
//   lets the server ignore them; what is left (or, if nothing is, every Portico scope) is what the
//   user is shown and consents to.
// - Resource: a client that sends no RFC 8707 `resource` (MCP 2025-03-26 clients) gets the MCP
//   endpoint, the only resource Portico serves, so every token carries the audience /mcp checks.
import { createAuthMiddleware } from "better-auth/api";
import { isOAuthScope, OAUTH_SCOPES } from "../../lib/oauth-scopes.ts";

type Params = Record<string, unknown>;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Schemes a browser handles itself: never an app's private-use scheme, and dangerous as a redirect. */
const NOT_PRIVATE_USE = new Set([
  "http:",
  "https:",
  "javascript:",
  "data:",
  "file:",
  "vbscript:",
  "about:",
  "blob:",
  "ftp:",
  "ws:",
  "wss:",
]);

export function isLoopbackRedirect(uri: unknown): boolean {
  if (typeof uri !== "string" || !URL.canParse(uri)) return false;
  const url = new URL(uri);
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}

/** A redirect to a native app's private-use URI scheme (RFC 8252 §7.1), e.g. `cursor://…/callback`. */
export function isPrivateUseRedirect(uri: unknown): boolean {
  if (typeof uri !== "string" || !URL.canParse(uri)) return false;
  const url = new URL(uri);
  return !NOT_PRIVATE_USE.has(url.protocol) && /^[a-z][a-z0-9+.-]*:$/.test(url.protocol);
}

/** Known scopes of a space-separated list, in order, or every scope when none is known. */
export function supportedScopes(scope: string): string {
  const known = [...new Set(scope.split(" ").filter(isOAuthScope))];
  return (known.length > 0 ? known : OAUTH_SCOPES).join(" ");
}

function registrationDefaults(body: Params): Params | null {
  const next: Params = { ...body };
  const redirects = Array.isArray(body.redirect_uris) ? body.redirect_uris : [];
  const native = (uri: unknown) => isLoopbackRedirect(uri) || isPrivateUseRedirect(uri);
  if (body.application_type === undefined && redirects.some(native)) {
    next.application_type = "native";
  }
  if (typeof body.scope === "string") next.scope = supportedScopes(body.scope);
  return next.application_type !== body.application_type || next.scope !== body.scope ? next : null;
}

function authorizationDefaults(params: Params, resource: string): Params | null {
  if (typeof params.client_id !== "string") return null;
  const next: Params = { ...params };
  if (params.resource === undefined || params.resource === "") next.resource = resource;
  if (typeof params.scope === "string") next.scope = supportedScopes(params.scope);
  return next.resource !== params.resource || next.scope !== params.scope ? next : null;
}

export function registrationDefaultsHook() {
  return {
    matcher: (ctx: { path?: string }) => ctx.path === "/oauth2/register",
    handler: createAuthMiddleware(async (ctx) => {
      const body = ctx.body && typeof ctx.body === "object" ? (ctx.body as Params) : null;
      const next = body ? registrationDefaults(body) : null;
      if (next) return { context: { body: next } };
    }),
  };
}

export function authorizationDefaultsHook(mcpResource: string) {
  return {
    matcher: (ctx: { path?: string }) => ctx.path === "/oauth2/authorize",
    handler: createAuthMiddleware(async (ctx) => {
      // GET carries the request in the query; a form POST to /oauth2/authorize in the body.
      const query = ctx.query ? authorizationDefaults(ctx.query as Params, mcpResource) : null;
      const body =
        ctx.body && typeof ctx.body === "object"
          ? authorizationDefaults(ctx.body as Params, mcpResource)
          : null;
      if (query || body) {
        return { context: { ...(query ? { query } : {}), ...(body ? { body } : {}) } };
      }
    }),
  };
}
