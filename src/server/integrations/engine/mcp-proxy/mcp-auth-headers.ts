// How each remote MCP server wants its API key: the credential check and the remote MCP engine both
// build the header here, so a saved key is checked exactly the way it is later used.
import type { ProviderId } from "../../../../lib/integrations/types.ts";

type McpProvider = Extract<ProviderId, "brevo" | "exa">;

const builders: Record<McpProvider, (key: string) => Record<string, string>> = {
  brevo: (key) => ({ authorization: `Bearer ${key}` }),
  exa: (key) => ({ "x-api-key": key }),
};

export const isMcpProvider = (provider: ProviderId): provider is McpProvider => provider in builders;

/** The request headers that carry the stored MCP API key to the provider's remote MCP server. */
export function mcpAuthHeaders(provider: ProviderId, mcpApiKey: string): Record<string, string> {
  if (!isMcpProvider(provider)) throw new Error(`${provider} has no remote MCP server`);
  return builders[provider](mcpApiKey);
}
