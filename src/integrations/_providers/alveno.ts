import { alvenoBaseUrl } from "../../lib/integrations/credentials/alveno.ts";
import { pathPart, text, trimSlash } from "./access.ts";
import type { ProviderSpec } from "./provider-spec.ts";

// Alveno's external API as its own documentation is described by an Alveno-published client
// (src/integrations/alveno/REFERENCES.md): https://hr.alveno.cz/api/external, the API key in X-API-Key,
// the tenant id as the first path segment after the version (/v1/{tenantId}/…), and
// GET /v1/{tenantId}/echo?message=test as the connection check. The Slovak host is inferred.
export const alveno: ProviderSpec = {
  id: "alveno",
  endpoints: {},
  access: {
    // The regional address is one of two fixed hosts; configuration may replace it (proxies, tests).
    // Addresses saved before are read as the region they named (credentials/alveno.ts).
    "api-token": (v, e) => ({
      baseUrl: trimSlash(e.apiBaseUrl ?? text(alvenoBaseUrl(v.baseUrl) as string)),
      headers: { "x-api-key": text(v.apiKey) },
      variables: { tenantId: text(v.tenantId) },
      userSupplied: e.apiBaseUrl === undefined,
    }),
  },
  check: { "api-token": (v) => ({ path: `/v1/${pathPart(v.tenantId)}/echo?message=test` }) },
  references: [
    "https://hr.alveno.cz/api/external/docs",
    "https://github.com/alvenosystem-coder/vibe-coding-communication-test/blob/main/cursorrules.md",
    "https://github.com/alvenosystem-coder/vibe-coding-communication-test/blob/main/src/lib/alveno-api.ts",
  ],
};
