import type { ProviderSpec } from "./provider-spec.ts";

export const surveymonkey: ProviderSpec = {
  id: "surveymonkey",
  endpoints: {
    authorizeUrl: "https://api.surveymonkey.com/oauth/authorize",
    tokenUrl: "https://api.surveymonkey.com/oauth/token",
    apiBaseUrl: "https://api.surveymonkey.com/v3",
  },
  oauth: { pkce: false, clientAuth: "body" },
  access: {},
  check: {},
  references: ["https://api.surveymonkey.com/v3/docs#authentication"],
};
