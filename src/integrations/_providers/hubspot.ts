import type { ProviderSpec } from "./provider-spec.ts";

export const hubspot: ProviderSpec = {
  id: "hubspot",
  endpoints: {
    authorizeUrl: "https://app.hubspot.com/oauth/authorize",
    tokenUrl: "https://api.hubapi.com/oauth/v1/token",
    apiBaseUrl: "https://api.hubapi.com",
  },
  oauth: {
    pkce: false,
    clientAuth: "body",
  },
  access: {},
  check: {},
  references: ["https://developers.hubspot.com/docs/api/oauth-quickstart-guide"],
};
