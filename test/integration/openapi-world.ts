// Shared set-up of the OpenAPI engine tests: local fake providers, an app pointed at them, HubSpot
// connected over OAuth and RAYNET with an API token in organization A.
import { expect } from "vitest";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import type { EngineTarget } from "~/server/integrations/engine/engine.ts";
import { openApiEngine } from "~/server/integrations/engine/openapi/openapi-engine.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { startFakeRestProvider } from "../fakes/rest-provider.ts";
import { createTestApp, headersFor } from "../support/app.ts";
import { buildWorld, type Person } from "./world.ts";

export const HUBSPOT_APP = { clientId: "acme-hubspot-app", clientSecret: "acme-hubspot-secret-0123456789" };
export const RAYNET = { email: "ops@acme.test", apiKey: "raynet-key-123", namespace: "acme" };
/** The gateway limit the engine stays under (it uses 90% of it). */
export const TOOL_TIMEOUT_MS = 1500;

export { textOf } from "./tool-pack.ts";

/** `overrides`: more configuration for the app (observability.test.ts turns tracing on). */
export async function startOpenApiWorld(overrides: Record<string, string> = {}) {
  const hubspotAuth = await startFakeOAuthProvider({
    clients: { [HUBSPOT_APP.clientId]: HUBSPOT_APP.clientSecret },
  });
  // Atlassian's authorization server takes JSON token requests (its 3LO reference), HubSpot's forms.
  const atlassianAuth = await startFakeOAuthProvider({
    clients: { [HUBSPOT_APP.clientId]: HUBSPOT_APP.clientSecret },
    jsonTokenRequests: true,
  });
  const hubspotApi = await startFakeRestProvider();
  const raynetApi = await startFakeRestProvider();
  // Every other provider the tests use.
  const otherApi = await startFakeRestProvider();
  const app = await createTestApp({
    ALLOW_PRIVATE_URLS: "true",
    TOOL_TIMEOUT_MS: String(TOOL_TIMEOUT_MS),
    INTEGRATION_ENDPOINTS: JSON.stringify({
      hubspot: {
        authorizeUrl: hubspotAuth.authorizeUrl,
        tokenUrl: hubspotAuth.tokenUrl,
        apiBaseUrl: hubspotApi.url,
      },
      raynet: { apiBaseUrl: `${raynetApi.url}/api/v2` },
      atlassian: {
        authorizeUrl: atlassianAuth.authorizeUrl,
        tokenUrl: atlassianAuth.tokenUrl,
        apiBaseUrl: otherApi.url,
      },
      google: { apiBaseUrl: otherApi.url },
      gmail: { apiBaseUrl: otherApi.url },
    }),
    ...overrides,
  });
  const world = await buildWorld(app);
  const callback = `${app.config.baseUrl}/api/integrations/oauth/callback`;
  /** Connects the organization to the integration's provider through the fake's consent, as `who`. */
  async function connectOAuth(who: Person, organizationId: string, integrationId: "hubspot" | "jira") {
    await who.caller.integrations.credentials.saveOrganizationCredential({
      organizationId,
      provider: integrationId === "jira" ? "atlassian" : "hubspot",
      authFlow: "oauth",
      values: { ...HUBSPOT_APP, redirectUri: callback },
    });
    const { authorizeUrl } = await who.caller.integrations.connections.startOAuth({
      organizationId,
      integrationId,
    });
    const location = await (integrationId === "jira" ? atlassianAuth : hubspotAuth).approve(authorizeUrl);
    const response = await handleApiRequest(
      app,
      new Request(location, { headers: headersFor(who.cookie) }),
      new URL(location).pathname,
    );
    expect(response?.status).toBe(302);
  }
  await connectOAuth(world.ownerA, world.orgA.id, "hubspot");
  await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: "raynet",
    authFlow: "api-token",
    values: RAYNET,
  });
  const fakes = [hubspotApi, raynetApi, otherApi];
  return {
    app,
    world,
    hubspotAuth,
    hubspotApi,
    raynetApi,
    otherApi,
    hubspot: { organizationId: world.orgA.id, integrationId: "hubspot" } as EngineTarget,
    raynet: { organizationId: world.orgA.id, integrationId: "raynet" } as EngineTarget,
    call: (
      target: EngineTarget,
      name: string,
      args: Record<string, unknown>,
      signal = new AbortController().signal,
    ) => openApiEngine.callTool(app, target, name, args, signal),
    /** The access token the fake issued last (the connection's current one). */
    connectOAuth,
    hubspotToken: () => hubspotAuth.issued.filter((token) => token.includes("access-token")).at(-1),
    atlassianToken: () => atlassianAuth.issued.filter((token) => token.includes("access-token")).at(-1),
    /** Forgets recorded requests and restores the default answer (200 {}). */
    reset() {
      for (const fake of fakes) {
        fake.requests.length = 0;
        fake.respond = () => ({ json: {} });
      }
    },
    async close() {
      await app.database.close();
      await Promise.all([hubspotAuth.close(), atlassianAuth.close(), ...fakes.map((fake) => fake.close())]);
    },
  };
}
