import { RAYNET_BASE_URLS } from "../../lib/integrations/credentials/raynet.ts";
import { basic, text, trimSlash } from "./access.ts";
import type { ProviderSpec } from "./provider-spec.ts";

// Basic auth (user email and API key) plus the X-Instance-Name header, on the host of the account's
// region (the credential's baseUrl, one of the API reference's three servers). Configuration may
// replace the host (proxies, tests); the region is a fixed choice, so no user-typed address is called.
export const raynet: ProviderSpec = {
  id: "raynet",
  endpoints: {},
  access: {
    "api-token": (v, e) => ({
      baseUrl: trimSlash(e.apiBaseUrl ?? (text(v.baseUrl) || RAYNET_BASE_URLS.cz)),
      headers: { ...basic(v.email, v.apiKey), "x-instance-name": text(v.namespace) },
      variables: {},
      userSupplied: false,
    }),
  },
  check: { "api-token": () => ({ path: "/company/?limit=1" }) },
  references: ["https://app.raynetcrm.com/api/doc/index-en.html", "https://app.raynetcrm.com/api/doc/"],
};
