import { bearer, configured, mcpInitialize, text } from "./access.ts";
import type { ProviderSpec } from "./provider-spec.ts";

export const brevo: ProviderSpec = {
  id: "brevo",
  endpoints: { mcpUrl: "https://mcp.brevo.com/v1/brevo/mcp", apiBaseUrl: "https://api.brevo.com/v3" },
  access: { "api-token": (v, e) => ({ ...configured(e, bearer(v.mcpApiKey)), baseUrl: text(e.mcpUrl) }) },
  check: { "api-token": mcpInitialize },
  references: [
    "https://developers.brevo.com/docs/mcp-protocol",
    "https://developers.brevo.com/docs/authentication",
    "https://developers.brevo.com/changelog/2026/3/2",
  ],
};
