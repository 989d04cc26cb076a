// Client ID Metadata Documents: the client_id is the URL of the client's metadata. A local server plays
// the client's website; with ALLOW_PRIVATE_URLS=true (tests only) it may be plain http on 127.0.0.1.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import { oauthClient } from "~/server/db/schema/index.ts";
import { verifyOAuthAccessToken } from "~/server/oauth/verify-access-token.ts";
import { appForFile } from "../support/fixture.ts";
import { newPkce, OAuthTestClient, REDIRECT_URI } from "../support/oauth-client.ts";
import { worldForFile } from "./world.ts";

const hits = new Map<string, number>();

/** The documents the site serves, by path; a function gets the document's own URL. */
const documents: Record<
  string,
  (url: string) => { status?: number; headers?: Record<string, string>; body?: unknown }
> = {
  "/good.json": (url) => ({
    body: {
      client_id: url,
      client_name: "Example Agent",
      client_uri: "https://agent.example",
      redirect_uris: [REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
  }),
  "/other-id.json": () => ({
    body: { client_id: "https://evil.example/client.json", redirect_uris: [REDIRECT_URI] },
  }),
  "/secret.json": (url) => ({
    body: { client_id: url, client_secret: "s3cret", redirect_uris: [REDIRECT_URI] },
  }),
  "/no-redirects.json": (url) => ({ body: { client_id: url, client_name: "No redirects" } }),
  "/not-json.json": () => ({ body: "<html>hello</html>" }),
  "/moved.json": () => ({ status: 302, headers: { location: "/good.json" } }),
  "/gone.json": () => ({ status: 404 }),
};

const site = createServer((request, response) => {
  const path = request.url ?? "/";
  hits.set(path, (hits.get(path) ?? 0) + 1);
  const document = documents[path]?.(`${origin}${path}`) ?? { status: 404 };
  response.writeHead(document.status ?? 200, { "content-type": "application/json", ...document.headers });
  response.end(
    document.body === undefined
      ? ""
      : typeof document.body === "string"
        ? document.body
        : JSON.stringify(document.body),
  );
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
afterAll(() => new Promise((resolve) => site.close(resolve)));
const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
const { app, world } = await worldForFile({ ALLOW_PRIVATE_URLS: "true" });
const strictApp = await appForFile();

function authorizeRequest(target: App, clientId: string, params: Record<string, string> = {}) {
  const cookie = target === app ? world.ownerA.cookie : undefined;
  const pkce = newPkce();
  return new OAuthTestClient(target, clientId).authorizeRequest(cookie, {
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
    ...params,
  });
}

async function authorizeAs(target: App, clientId: string, params: Record<string, string> = {}) {
  const response = await authorizeRequest(target, clientId, params);
  return new URL(response.headers.get("location") ?? "", target.config.baseUrl);
}

/** A refused client: 400 invalid_client with the reason, and nowhere to be sent. */
async function expectRefusedClient(response: Response, reason: RegExp) {
  expect(response.status).toBe(400);
  expect(response.headers.get("location")).toBeNull();
  const body = await response.json();
  expect(body.error).toBe("invalid_client");
  expect(body.error_description).toMatch(reason);
}

describe("client ID metadata documents", () => {
  it("registers the client from its document and completes the flow", async () => {
    const clientId = `${origin}/good.json`;
    const client = new OAuthTestClient(app, clientId);
    const tokens = await client.connect(world.ownerA.cookie, world.projectA.id);
    expect(await verifyOAuthAccessToken(app, tokens.access_token)).toMatchObject({
      clientId,
      clientName: "Example Agent",
      projectId: world.projectA.id,
    });
    const [row] = await app.db.select().from(oauthClient).where(eq(oauthClient.clientId, clientId));
    expect(row).toMatchObject({
      clientDiscoveryId: "cimd",
      tokenEndpointAuthMethod: "none",
      clientSecret: null,
    });
  });

  it("uses the stored copy for a while instead of fetching the document on every request", async () => {
    const before = hits.get("/good.json") ?? 0;
    await authorizeAs(app, `${origin}/good.json`);
    await authorizeAs(app, `${origin}/good.json`);
    expect(hits.get("/good.json")).toBe(before);
  });

  it("refuses a redirect URI the document does not list", async () => {
    const location = await authorizeAs(app, `${origin}/good.json`, {
      redirect_uri: "http://127.0.0.1:43117/elsewhere",
    });
    expect(location.origin).toBe(app.config.baseUrl);
    expect(location.searchParams.get("error")).toBe("invalid_redirect");
  });

  it.each([
    ["names another client_id", "/other-id.json", /names a different client_id/],
    ["contains a client secret", "/secret.json", /fields only the server may set \(client_secret\)/],
    ["lists no redirect URI", "/no-redirects.json", /lists no redirect_uris/],
    ["is not JSON", "/not-json.json", /is not valid JSON/],
    ["redirects elsewhere", "/moved.json", /Too many redirects/],
    ["does not exist", "/gone.json", /answered HTTP 404/],
  ])("refuses a document that %s, without registering anything", async (_what, path, reason) => {
    const clientId = `${origin}${path}`;
    await expectRefusedClient(await authorizeRequest(app, clientId), reason);
    const rows = await app.db.select().from(oauthClient).where(eq(oauthClient.clientId, clientId));
    expect(rows).toEqual([]);
  });

  it("outside development, accepts no http client id and fetches nothing from private addresses", async () => {
    const before = hits.get("/good.json") ?? 0;
    const plain = await authorizeAs(strictApp, `${origin}/good.json`);
    expect(plain.origin).toBe(strictApp.config.baseUrl);
    expect(plain.searchParams.get("error")).toBe("invalid_client");
    await expectRefusedClient(
      await authorizeRequest(strictApp, `${origin.replace("http:", "https:")}/good.json`),
      /private, loopback or link-local address/,
    );
    expect(hits.get("/good.json")).toBe(before);
  });
});
