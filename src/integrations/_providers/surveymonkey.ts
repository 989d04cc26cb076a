import type { ProviderSpec } from "./provider-spec.ts";

export const surveymonkey: ProviderSpec = {
  id: "surveymonkey",
  endpoints: {
    authorizeUrl: "https://api.surveymonkey.com/oauth/authorize",
    tokenUrl: "https://api.surveymonkey.com/oauth/token",
    // Fallback only: each account is served from the data center its token answer's access_url names
    // (api.surveymonkey.com, api.eu.surveymonkey.com, api.surveymonkey.ca); the API is under /v3.
    apiBaseUrl: "https://api.surveymonkey.com",
  },
  oauth: { pkce: false, clientAuth: "body" },
  access: {},
  check: {},
  references: [
    "https://api.surveymonkey.com/v3/docs#authentication",
    "https://api.surveymonkey.com/v3/docs#data-centers",
  ],
};
