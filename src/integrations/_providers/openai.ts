import { bearer, configured, text, trimSlash } from "./access.ts";
import type { ProviderSpec } from "./provider-spec.ts";

// Not an integration of its own: the credential behind OpenAI-compatible features.
export const openai: ProviderSpec = {
  id: "openai",
  endpoints: { apiBaseUrl: "https://api.openai.com/v1" },
  access: {
    "api-token": (v, e) => ({
      ...configured(e, bearer(v.apiKey)),
      baseUrl: trimSlash(text(v.baseUrl ?? e.apiBaseUrl)),
    }),
  },
  check: { "api-token": () => ({ path: "/models" }) },
  references: ["https://platform.openai.com/docs/api-reference/models/list"],
};
