import { bearer, pathPart, text, trimSlash } from "./access.ts";
import type { ProviderSpec } from "./provider-spec.ts";

// Caflou API v1 (https://documenter.getpostman.com/view/4786951/RWMFrTQC): https://app.caflou.com/api/v1,
// the account id in the path, a Bearer token, list pages of `per` records (default 20, at most 1,000).
// The base URL is the credential's (Caflou's own host by default), so calls go through the SSRF guard.
export const caflou: ProviderSpec = {
  id: "caflou",
  endpoints: {},
  access: {
    "api-token": (v) => ({
      baseUrl: trimSlash(text(v.baseUrl)),
      headers: bearer(v.apiKey),
      variables: { accountId: text(v.accountId) },
      userSupplied: true,
    }),
  },
  check: { "api-token": (v) => ({ path: `/api/v1/${pathPart(v.accountId)}/companies?per=1` }) },
  references: ["https://documenter.getpostman.com/view/4786951/RWMFrTQC"],
};
