import { ConnectionUnavailableError } from "../_kit/connection-account.ts";
import type { ProviderSpec } from "./provider-spec.ts";

// Sandboxes log in at test.salesforce.com and orgs with My Domain at https://<domain>.my.salesforce.com:
// the OAuth app's optional login URL (lib/integrations/credentials/salesforce-oauth-app.ts) moves the
// authorize, token and revoke endpoints there. Every API call then goes to the instance_url of the token
// answer (token-client.ts), whichever host issued it.
export const salesforce: ProviderSpec = {
  id: "salesforce",
  endpoints: {
    authorizeUrl: "https://login.salesforce.com/services/oauth2/authorize",
    tokenUrl: "https://login.salesforce.com/services/oauth2/token",
    revokeUrl: "https://login.salesforce.com/services/oauth2/revoke",
    // Only for connections made before instance_url was kept: userinfo names their instance.
    apiBaseUrl: "https://login.salesforce.com",
  },
  oauth: {
    pkce: true,
    clientAuth: "body",
    // The token answer has no expires_in; sessions last the org's session timeout (2 hours by default,
    // 15 minutes at the shortest, where the refresh after a 401 takes over).
    assumedLifetimeSeconds: 3600,
    endpointsFor: (values) => {
      const login = typeof values.loginUrl === "string" && values.loginUrl ? values.loginUrl : undefined;
      if (!login) return {};
      return {
        authorizeUrl: `${login}/services/oauth2/authorize`,
        tokenUrl: `${login}/services/oauth2/token`,
        revokeUrl: `${login}/services/oauth2/revoke`,
      };
    },
    // Connections made before Portico kept instance_url: userinfo names the instance that serves them.
    address: {
      discover: async (ask, endpoints) => {
        const info = (await ask(
          `${endpoints.apiBaseUrl ?? ""}/services/oauth2/userinfo`,
          "look up the connection's account",
        )) as {
          urls?: { rest?: unknown };
        } | null;
        const rest = info?.urls?.rest;
        if (typeof rest !== "string" || !URL.canParse(rest)) {
          throw new ConnectionUnavailableError(
            "Salesforce did not say which instance serves this connection.",
          );
        }
        return { baseUrl: new URL(rest).origin, variables: {} };
      },
    },
  },
  access: {},
  check: {},
  references: [
    "https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_web_server_flow.htm",
    "https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_refresh_token_flow.htm",
    "https://help.salesforce.com/s/articleView?id=sf.remoteaccess_revoke_token.htm",
    "https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/intro_understanding_refresh_token_oauth.htm",
  ],
};
