import type { ProviderSpec } from "./provider-spec.ts";

export const brevo: ProviderSpec = {
  id: "brevo",
  endpoints: { mcpUrl: "https://mcp.brevo.com/v1/brevo/mcp", apiBaseUrl: "https://api.brevo.com/v3" },
};
