// Where and how to reach an organization's remote MCP server: the provider's MCP URL (configuration
// may override it) and the stored API key of the organization's active connection. Read on every use,
// so a disconnected or re-keyed connection takes effect at once.
import { createHash } from "node:crypto";
import { providers } from "../../../../lib/integrations/providers.ts";
import type { App } from "../../../app.ts";
import { ConnectionUnavailableError } from "../../connections/access-token.ts";
import { findConnection } from "../../connections/connection-store.ts";
import { readCredentialById } from "../../credentials/credential-store.ts";
import { integrationRegistry, providerEndpoints } from "../../registry.ts";
import type { EngineTarget } from "../engine.ts";
import { mcpAuthHeaders } from "./mcp-auth-headers.ts";

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
  const name = providers[provider].name;
  if (sourceType !== "mcp") throw new Error(`${target.integrationId} is not a remote MCP integration`);
  const url = providerEndpoints(provider, app.config).mcpUrl;
  if (!url) throw new Error(`${provider} has no MCP URL`);
  const row = await findConnection(app.db, target.organizationId, provider);
  if (!row) throw new ConnectionUnavailableError(`${name} is not connected.`);
  if (row.status !== "active") {
    throw new ConnectionUnavailableError(row.statusReason ?? `The ${name} connection is ${row.status}.`);
  }
  const credential = row.credentialId
    ? await readCredentialById(app.db, app.keyring, row.credentialId)
    : null;
  const key = credential?.values.mcpApiKey;
  if (typeof key !== "string" || key === "") {
    throw new ConnectionUnavailableError(`The ${name} connection has no MCP API key. Connect again.`);
  }
  const headers = mcpAuthHeaders(provider, key);
  const fingerprint = createHash("sha256")
    .update(JSON.stringify([url, headers, app.config.allowPrivateUrls]))
    .digest("hex");
  return { name, url, headers, fingerprint };
}
