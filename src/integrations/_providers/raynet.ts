import { basic, configured, text } from "./access.ts";
import type { ProviderSpec } from "./provider-spec.ts";

export const raynet: ProviderSpec = {
  id: "raynet",
  endpoints: { apiBaseUrl: "https://app.raynet.cz/api/v2" },
  access: {
    "api-token": (v, e) =>
      configured(e, { ...basic(v.email, v.apiKey), "x-instance-name": text(v.namespace) }),
  },
  check: { "api-token": () => ({ path: "/company/?limit=1" }) },
  references: ["https://app.raynet.cz/api/doc/"],
};
