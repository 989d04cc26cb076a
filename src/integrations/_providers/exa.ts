import { configured, mcpInitialize, text } from "./access.ts";
import type { ProviderSpec } from "./provider-spec.ts";

export const exa: ProviderSpec = {
  id: "exa",
  endpoints: { mcpUrl: "https://mcp.exa.ai/mcp", apiBaseUrl: "https://api.exa.ai" },
  access: {
    "api-token": (v, e) => ({
      ...configured(e, { "x-api-key": text(v.mcpApiKey) }),
      baseUrl: text(e.mcpUrl),
    }),
  },
  check: { "api-token": mcpInitialize },
  references: ["https://docs.exa.ai/reference/exa-mcp"],
};
