// /.well-known/* documents MCP clients read to find out how to get a token:
// - RFC 9728 protected-resource metadata of the MCP endpoint, at the root and path-suffixed forms;
// - RFC 8414 authorization-server metadata, where clients look for an issuer with a path
//   (`/.well-known/oauth-authorization-server/api/auth`) and, for clients that predate RFC 9728
//   discovery, at the root. Better Auth also answers `/api/auth/.well-known/oauth-authorization-server`.
// OpenID configuration is not offered (Portico issues no ID tokens), so those paths answer 404.
// Every answer allows cross-origin reads: browser-based MCP clients fetch these from their own origin.
import { oauthProviderAuthServerMetadata } from "@better-auth/oauth-provider";
import { OAUTH_SCOPES } from "../../lib/oauth-scopes.ts";
import type { App } from "../app-services.ts";
import { mcpResourceUrl, oauthIssuerUrl } from "../oauth/urls.ts";

const PROTECTED_RESOURCE_PATHS = new Set([
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/mcp",
]);
const AUTHORIZATION_SERVER_PATHS = new Set([
  "/.well-known/oauth-authorization-server",
  "/.well-known/oauth-authorization-server/api/auth",
]);
const OPENID_PATHS = new Set([
  "/.well-known/openid-configuration",
  "/.well-known/openid-configuration/api/auth",
]);

const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, HEAD, OPTIONS",
  "access-control-allow-headers": "mcp-protocol-version, content-type, authorization",
};
const CACHE_CONTROL = "public, max-age=300";

export function protectedResourceMetadata(baseUrl: string) {
  return {
    resource: mcpResourceUrl(baseUrl),
    authorization_servers: [oauthIssuerUrl(baseUrl)],
    bearer_methods_supported: ["header"],
    scopes_supported: OAUTH_SCOPES,
    resource_name: "Portico",
    resource_documentation: `${baseUrl}/docs`,
  };
}

/**
 * Public clients (every MCP client registers as one) revoke their tokens with their client_id alone
 * (RFC 7009 §2.1), which the revocation endpoint accepts; the plugin's metadata lists only the
 * secret-based methods, so clients reading it would think they cannot revoke.
 */
function withPublicRevocation(metadata: Record<string, unknown>) {
  const methods = metadata.revocation_endpoint_auth_methods_supported;
  if (!Array.isArray(methods) || methods.includes("none")) return metadata;
  return { ...metadata, revocation_endpoint_auth_methods_supported: ["none", ...methods] };
}

function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/json",
      "cache-control": CACHE_CONTROL,
      ...CORS_HEADERS,
      ...headers,
    },
  });
}

async function answer(app: App, request: Request, pathname: string): Promise<Response> {
  if (PROTECTED_RESOURCE_PATHS.has(pathname)) return json(protectedResourceMetadata(app.config.baseUrl));
  if (AUTHORIZATION_SERVER_PATHS.has(pathname)) {
    const response = await oauthProviderAuthServerMetadata(app.auth, { headers: CORS_HEADERS })(request);
    return response.ok ? json(withPublicRevocation(await response.json())) : response;
  }
  return json(
    {
      error: "not_found",
      error_description: "Portico is an OAuth authorization server, not an OpenID provider.",
    },
    404,
  );
}

export async function handleWellKnownRequest(app: App, request: Request, pathname: string) {
  const known = PROTECTED_RESOURCE_PATHS.has(pathname) || AUTHORIZATION_SERVER_PATHS.has(pathname);
  if (!known && !OPENID_PATHS.has(pathname)) return null;
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS_HEADERS });
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response(null, { status: 405, headers: { allow: "GET, HEAD, OPTIONS", ...CORS_HEADERS } });
  }
  const response = await answer(app, request, pathname);
  return request.method === "HEAD"
    ? new Response(null, { status: response.status, headers: response.headers })
    : response;
}
