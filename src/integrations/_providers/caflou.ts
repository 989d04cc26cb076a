import { bearer, pathPart, text, trimSlash } from "./access.ts";
import type { ProviderSpec } from "./provider-spec.ts";

// The API lives under the account's own base URL (the credential's baseUrl), so there is no default.
// No public reference was at hand: the check's path is assumed (ARCHITECTURE.md, "Assumed provider details").
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
  check: { "api-token": (v) => ({ path: `/api/v1/${pathPart(v.accountId)}/companies?per_page=1` }) },
  references: ["https://www.caflou.com/"],
};
