// Where and how to reach an organization's remote MCP server: the provider's MCP URL (configuration
// may override it) and the stored API key of the organization's active connection. Read on every use,
// so a disconnected or re-keyed connection takes effect at once.
import { createHash } from "node:crypto";
import { integrationRegistry } from "../../../../integrations/registry.ts";
import { providers } from "../../../../lib/integrations/providers.ts";
import type { App } from "../../../app.ts";
import { resolveConnectionAuth } from "../connection-auth.ts";
import type { EngineTarget } from "../engine.ts";

export interface RemoteEndpoint {
  /** The provider's display name, for messages ("Brevo"). */
  name: string;
  url: string;
  /** Only the stored credential: nothing of the MCP caller's identity ever goes upstream. */
  headers: Record<string, string>;
  /**
   * Changes with the URL, the key or the address policy: a session or tool list obtained under other
   * ones is not reused.
   */
  fingerprint: string;
}

export async function resolveRemoteEndpoint(app: App, target: EngineTarget): Promise<RemoteEndpoint> {
  const { provider, sourceType } = integrationRegistry[target.integrationId];
  if (sourceType !== "mcp") throw new Error(`${target.integrationId} is not a remote MCP integration`);
  // The connection must be active and its saved key is sent the way the check before saving sent it:
  // the same resolution the OpenAPI engine uses, whose base URL for these providers is the MCP URL.
  const { baseUrl: url, headers } = await resolveConnectionAuth(app, target.organizationId, provider);
  if (!url) throw new Error(`${provider} has no MCP URL`);
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([url, headers, app.config.allowPrivateUrls]))
    .digest("hex");
  return { name: providers[provider].name, url, headers, fingerprint };
}
