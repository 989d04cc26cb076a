import type { ProviderSpec } from "./provider-spec.ts";

export const monday: ProviderSpec = {
  id: "monday",
  endpoints: {
    authorizeUrl: "https://auth.monday.com/oauth2/authorize",
    tokenUrl: "https://auth.monday.com/oauth2/token",
    // The GraphQL endpoint is /v2 under this base (src/integrations/monday/openapi.json).
    apiBaseUrl: "https://api.monday.com",
  },
  oauth: {
    pkce: false,
    clientAuth: "body",
    // monday.com documents its token as the bare Authorization value, without "Bearer".
    headers: (accessToken) => ({ authorization: accessToken }),
  },
  access: {},
  check: {},
  references: ["https://developer.monday.com/apps/docs/oauth"],
};
