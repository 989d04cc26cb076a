// The OAuth routes over real HTTP against the production build: the discovery chain an MCP client
// follows from /mcp's 401, the consent screen's redirects, and the OAuth pages' noindex marking.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, hasNoindexMeta, redirectTarget } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

let server: RunningServer;
let browser: HttpClient;
let clientId: string;
const redirectUri = "http://127.0.0.1:41999/callback";

beforeAll(async () => {
  server = await startServer();
  browser = new HttpClient(server.baseUrl);
  await browser.signUp(newUser("oauth-http"));
  const registration = await new HttpClient(server.baseUrl).postJson("/api/auth/oauth2/register", {
    client_name: "HTTP test client",
    redirect_uris: [redirectUri],
    token_endpoint_auth_method: "none",
  });
  expect(registration.status).toBe(201);
  clientId = ((await registration.json()) as { client_id: string }).client_id;
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

describe("discovery from /mcp", () => {
  it("leads from the 401 challenge to the authorization server's endpoints", async () => {
    const anonymous = new HttpClient(server.baseUrl);
    const challenge = await anonymous.postJson("/mcp", { jsonrpc: "2.0", id: 1, method: "ping" });
    expect(challenge.status).toBe(401);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(
      challenge.headers.get("www-authenticate") ?? "",
    )?.[1];
    expect(metadataUrl).toBe(`${server.baseUrl}/.well-known/oauth-protected-resource/mcp`);

    const resource = await anonymous.get(metadataUrl ?? "");
    expect(resource.status).toBe(200);
    const { resource: id, authorization_servers } = (await resource.json()) as {
      resource: string;
      authorization_servers: string[];
    };
    expect(id).toBe(`${server.baseUrl}/mcp`);
    // RFC 8414: the issuer's path goes after the well-known name.
    const issuer = new URL(authorization_servers[0] ?? "");
    const metadata = await anonymous.get(`/.well-known/oauth-authorization-server${issuer.pathname}`);
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get("content-type")).toContain("application/json");
    const { issuer: named, registration_endpoint } = (await metadata.json()) as Record<string, string>;
    expect(named).toBe(issuer.href);
    expect(registration_endpoint).toBe(`${server.baseUrl}/api/auth/oauth2/register`);
  });
});

describe("consent screen", () => {
  it("sends an unsigned request through the authorization endpoint first", async () => {
    const response = await browser.get(`/oauth/consent?client_id=${clientId}&state=s`);
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    const target = redirectTarget(response, server.baseUrl);
    expect(target?.pathname).toBe("/api/auth/oauth2/authorize");
    expect(target?.searchParams.get("client_id")).toBe(clientId);
    expect(target?.searchParams.get("state")).toBe("s");
  });

  it("renders a signed request for a signed-in user, marked noindex", async () => {
    const authorize = await browser.get(
      `/api/auth/oauth2/authorize?response_type=code&client_id=${clientId}` +
        `&redirect_uri=${encodeURIComponent(redirectUri)}&code_challenge=${"a".repeat(43)}` +
        "&code_challenge_method=S256&state=s",
    );
    // A fetch() (Sec-Fetch-Mode: cors) gets the redirect as JSON; a navigation gets a 302.
    expect(authorize.status).toBe(200);
    const consent = new URL(((await authorize.json()) as { url: string }).url, server.baseUrl);
    expect(consent?.pathname).toBe("/oauth/consent");
    const page = await browser.get(`${consent?.pathname}${consent?.search}`);
    expect(page.status).toBe(200);
    expect(hasNoindexMeta(await page.text())).toBe(true);
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
  });

  it("marks the success page noindex, and claims no grant it has not seen", async () => {
    const page = await new HttpClient(server.baseUrl).get("/oauth/success");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(hasNoindexMeta(html)).toBe(true);
    expect(html).not.toMatch(/<h1[^>]*>Access granted/);
  });
});
