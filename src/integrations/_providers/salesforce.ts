import type { ProviderSpec } from "./provider-spec.ts";

export const salesforce: ProviderSpec = {
  id: "salesforce",
  endpoints: {
    authorizeUrl: "https://login.salesforce.com/services/oauth2/authorize",
    tokenUrl: "https://login.salesforce.com/services/oauth2/token",
    revokeUrl: "https://login.salesforce.com/services/oauth2/revoke",
    apiBaseUrl: "https://login.salesforce.com",
  },
  oauth: { pkce: true, clientAuth: "body" },
  access: {},
  check: {},
  references: ["https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_web_server_flow.htm"],
};
