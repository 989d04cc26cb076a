import type { ProviderSpec } from "./provider-spec.ts";

export const attio: ProviderSpec = {
  id: "attio",
  endpoints: {
    authorizeUrl: "https://app.attio.com/authorize",
    tokenUrl: "https://app.attio.com/oauth/token",
    apiBaseUrl: "https://api.attio.com/v2",
  },
  oauth: { pkce: false, clientAuth: "body" },
  access: {},
  check: {},
  references: ["https://docs.attio.com/rest-api/tutorials/connect-an-app-through-oauth"],
};
