import { text, trimSlash } from "./access.ts";
import type { ProviderSpec } from "./provider-spec.ts";

// The regional API address comes from the credential's baseUrl (Czech or Slovak). No public reference was
// at hand: the check's path is assumed (docs/architecture/integrations.md, "Assumed provider details").
export const alveno: ProviderSpec = {
  id: "alveno",
  endpoints: {},
  access: {
    // The regional address is one of two fixed hosts; configuration may replace it (proxies, tests).
    "api-token": (v, e) => ({
      baseUrl: trimSlash(e.apiBaseUrl ?? text(v.baseUrl)),
      headers: { "x-api-key": text(v.apiKey), "x-tenant-id": text(v.tenantId) },
      variables: {},
      userSupplied: e.apiBaseUrl === undefined,
    }),
  },
  check: { "api-token": () => ({ path: "/api/v1/employees?limit=1" }) },
  references: ["https://www.alveno.cz/"],
};
