// Set-up of the CRM tool-pack tests (HubSpot, Pipedrive, Salesforce, Attio, monday.com, SurveyMonkey): the provider's OAuth server and API as local
// fakes, organization A connected through the fake's consent, the integration added to project A, and
// an MCP client on project A's /mcp.
import type { IntegrationId, ProviderId } from "~/lib/integrations/types.ts";
import type { HttpFake } from "../fakes/http-fake.ts";
import { type FakeOAuthOptions, startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { createTestApp } from "../support/app.ts";
import { connectThroughOAuth } from "./oauth-connected-world.ts";

const APP = { clientId: "acme-crm-app", clientSecret: "acme-crm-secret-0123456789" };

export async function startCrmWorld<Api extends HttpFake>(options: {
  provider: ProviderId;
  integrationId: IntegrationId;
  startApi: (acceptsToken: (token: string) => boolean) => Promise<Api>;
  /** Endpoints besides the OAuth ones (e.g. apiBaseUrl at the API fake). */
  endpoints: (api: Api) => Record<string, string>;
  /** Extra fields of every token answer (Pipedrive's api_domain). */
  tokenFields?: (api: Api) => FakeOAuthOptions["tokenFields"];
  /** Extra configuration (e.g. ALLOW_PRIVATE_URLS for an API host named by a response). */
  env?: Record<string, string>;
  /** The token answer's expires_in; null answers without one (Salesforce, monday.com). Default 1800. */
  expiresIn?: number | null;
  /** Whether token answers carry a refresh token (default true; Attio and monday.com send none). */
  issueRefreshTokens?: boolean;
}) {
  const refused = new Set<string>();
  let accepts = (_token: string) => false;
  const api = await options.startApi((token) => accepts(token));
  const oauth = await startFakeOAuthProvider({
    clients: { [APP.clientId]: APP.clientSecret },
    ...(options.expiresIn === null ? {} : { expiresIn: options.expiresIn ?? 1800 }),
    issueRefreshTokens: options.issueRefreshTokens ?? true,
    tokenFields: options.tokenFields?.(api),
  });
  accepts = (token) => oauth.issued.includes(token) && !refused.has(token);
  const app = await createTestApp({
    ...options.env,
    INTEGRATION_ENDPOINTS: JSON.stringify({
      [options.provider]: {
        authorizeUrl: oauth.authorizeUrl,
        tokenUrl: oauth.tokenUrl,
        revokeUrl: oauth.revokeUrl,
        ...options.endpoints(api),
      },
    }),
  });
  const connected = await connectThroughOAuth(app, oauth, {
    provider: options.provider,
    oauthApp: APP,
    integrations: [options.integrationId],
  });
  const { client, currentToken } = connected;

  return {
    ...connected,
    app,
    oauth,
    api,
    /** The connection's current access token. */
    token: currentToken,
    /** Makes the API refuse the current token with 401 (revoked before its expiry). */
    refuseCurrentToken: () => refused.add(currentToken()),
    async close() {
      await client.close();
      await app.database.close();
      await Promise.all([oauth.close(), api.close()]);
    },
  };
}

export { textOf } from "./tool-pack.ts";
