import { configured, mcpInitialize, text } from "./access.ts";
import type { ProviderSpec } from "./provider-spec.ts";

/**
 * Every current tool of Exa's hosted MCP server. The server publishes only web_search_exa and
 * web_fetch_exa unless the `tools` query parameter names the ones wanted (it replaces the defaults);
 * deprecated tools are left out. https://github.com/exa-labs/exa-mcp-server#available-tools
 */
export const EXA_TOOLS = ["web_search_exa", "web_fetch_exa", "web_search_advanced_exa", "agent_run"];

/** The MCP URL with `tools=` as Exa documents it (comma-separated), unless it already names tools. */
export function exaMcpUrl(url: string | undefined): string {
  if (!url) return "";
  if (/[?&]tools=/.test(url)) return url;
  return `${url}${url.includes("?") ? "&" : "?"}tools=${EXA_TOOLS.join(",")}`;
}

export const exa: ProviderSpec = {
  id: "exa",
  endpoints: { mcpUrl: "https://mcp.exa.ai/mcp", apiBaseUrl: "https://api.exa.ai" },
  access: {
    // The API key in x-api-key, one of the three forms Exa's MCP server accepts.
    "api-token": (v, e) => ({
      ...configured(e, { "x-api-key": text(v.mcpApiKey) }),
      baseUrl: exaMcpUrl(e.mcpUrl),
    }),
  },
  // Connections holding an OAuth token for the hosted MCP server (auth.exa.ai) call the same URL.
  remoteMcpUrl: (e) => exaMcpUrl(e.mcpUrl),
  check: { "api-token": mcpInitialize },
  references: ["https://docs.exa.ai/reference/exa-mcp", "https://github.com/exa-labs/exa-mcp-server#readme"],
};
