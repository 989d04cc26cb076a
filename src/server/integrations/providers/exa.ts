import type { ProviderSpec } from "./provider-spec.ts";

export const exa: ProviderSpec = {
  id: "exa",
  endpoints: { mcpUrl: "https://mcp.exa.ai/mcp", apiBaseUrl: "https://api.exa.ai" },
};
