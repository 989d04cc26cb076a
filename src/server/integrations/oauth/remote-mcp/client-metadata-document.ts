// Portico's own Client ID Metadata Document (draft-ietf-oauth-client-id-metadata-document), the way the
// MCP authorization spec prefers a client to identify itself to an authorization server it has no
// relationship with: the client_id is this document's https URL, and the server fetches it to learn the
// client's name and redirect URI. A public client: no secret, PKCE on every authorization.
import { OAUTH_CALLBACK_PATH } from "../../../../lib/integrations/credentials/oauth-app.ts";
import type { App } from "../../../app-services.ts";

export const CLIENT_METADATA_PATH = "/api/integrations/oauth/client-metadata.json";

export const clientMetadataUrl = (app: App) => `${app.config.baseUrl}${CLIENT_METADATA_PATH}`;
export const integrationsRedirectUri = (app: App) => `${app.config.baseUrl}${OAUTH_CALLBACK_PATH}`;

/**
 * The document's URL can only be a client_id when it is https (the draft requires it); http is allowed
 * only where private addresses are (development and tests), like the client ids Portico accepts itself.
 */
export const clientMetadataUsable = (app: App) =>
  app.config.baseUrl.startsWith("https://") || app.config.allowPrivateUrls;

/** What Portico registers as, by document or by dynamic registration (RFC 7591 §2 metadata). */
export function clientMetadata(app: App) {
  return {
    client_name: "Portico",
    client_uri: app.config.baseUrl,
    redirect_uris: [integrationsRedirectUri(app)],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
}

export function handleClientMetadataDocument(app: App, request: Request): Response {
  if (request.method !== "GET" && request.method !== "HEAD")
    return new Response("Method not allowed.\n", { status: 405, headers: { allow: "GET, HEAD" } });
  return new Response(JSON.stringify({ client_id: clientMetadataUrl(app), ...clientMetadata(app) }), {
    headers: { "content-type": "application/json", "cache-control": "public, max-age=3600" },
  });
}
