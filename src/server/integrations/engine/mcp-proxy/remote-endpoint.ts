// Where and how to reach an organization's remote MCP server: the provider's MCP URL (configuration
// may override it) and the credential of the organization's active connection: its stored API key, or
// an OAuth access token (refreshed before it expires, and once more when the server refuses it). Read
// on every use, so a disconnected, re-keyed or refreshed connection takes effect at once.
import { createHash } from "node:crypto";
import { integrationRegistry, providerEndpoints, providerSpecs } from "../../../../integrations/registry.ts";
import { providers } from "../../../../lib/integrations/providers.ts";
import type { App } from "../../../app-services.ts";
import { resolveConnectionAuth } from "../connection-auth.ts";
import type { EngineTarget } from "../engine.ts";

export interface RemoteEndpoint {
  /** The provider's display name, for messages ("Brevo"). */
  name: string;
  url: string;
  /** Only the stored credential: nothing of the MCP caller's identity ever goes upstream. */
  headers: Record<string, string>;
  /** The OAuth access token in the headers, for OAuth connections (named as rejected after a 401). */
  accessToken?: string;
  /** The connection whose credentials the headers carry, and how the call log names it. */
  connectionId?: string;
  connectionLabel?: string;
  /**
   * Changes with the URL, the key or token and the address policy: a session or tool list obtained
   * under other ones is not reused.
   */
  fingerprint: string;
}

/** `rejectedToken`: an OAuth access token the server just refused (401); a refreshed one is used instead. */
export async function resolveRemoteEndpoint(
  app: App,
  target: EngineTarget,
  rejectedToken?: string,
): Promise<RemoteEndpoint> {
  const { provider, sourceType } = integrationRegistry[target.integrationId];
  if (sourceType !== "mcp") throw new Error(`${target.integrationId} is not a remote MCP integration`);
  // The connection must be active and its saved key is sent the way the check before saving sent it:
  // the same resolution the OpenAPI engine uses, whose base URL for API keys is the MCP URL.
  const auth = await resolveConnectionAuth(app, { ...target, provider }, rejectedToken);
  const oauth = auth.authFlow === "oauth";
  const endpoints = providerEndpoints(provider, app.config);
  const url = oauth ? (providerSpecs[provider].remoteMcpUrl?.(endpoints) ?? endpoints.mcpUrl) : auth.baseUrl;
  if (!url) throw new Error(`${provider} has no MCP URL`);
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([url, auth.headers, app.config.allowPrivateUrls]))
    .digest("hex");
  return {
    name: providers[provider].name,
    url,
    headers: auth.headers,
    ...(oauth && auth.accessToken ? { accessToken: auth.accessToken } : {}),
    ...(auth.connectionId ? { connectionId: auth.connectionId } : {}),
    ...(auth.connectionLabel ? { connectionLabel: auth.connectionLabel } : {}),
    fingerprint,
  };
}
