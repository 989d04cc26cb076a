// The OAuth flow as the official SDK clients run it, in process, for both MCP revisions: each client
// discovers the authorization server from /mcp's 401 and is sent to authorize; the test plays the person
// (signed in, allows for a project); the client redeems the code and lists and calls tools.
// - the 1.x SDK on 2025-11-25 registers dynamically (RFC 7591), as Claude Code and VS Code do;
// - the v2 SDK on 2026-07-28 takes a Client ID Metadata Document when it has one (the registration
//   2026-07-28 prefers, advertised by Portico), registers otherwise, and checks the authorization
//   response's `iss` (RFC 9207), refusing the code without it since Portico advertises
//   `authorization_response_iss_parameter_supported`.
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernHttpTransport,
  UnauthorizedError as ModernUnauthorizedError,
} from "@modelcontextprotocol/client";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import { handleMcpRequest } from "~/server/gateway/transport/handle-mcp.ts";
import { handleWellKnownRequest } from "~/server/http/handle-well-known.ts";
import { createTestApp } from "../support/app.ts";
import { newPkce, OAuthTestClient, REDIRECT_URI } from "../support/oauth-client.ts";
import { SdkOAuthProvider } from "../support/sdk-oauth-provider.ts";
import { buildWorld } from "./world.ts";

const negotiation = { versionNegotiation: { mode: { pin: "2026-07-28" } } };

let app: App;
let world: Awaited<ReturnType<typeof buildWorld>>;

/** fetch() answered by the app in process: /mcp, the well-known metadata and Better Auth's endpoints. */
function appFetch(target: App): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    if (pathname === "/mcp") return handleMcpRequest(target, request);
    if (pathname.startsWith("/.well-known/")) {
      const answer = await handleWellKnownRequest(target, request, pathname);
      if (answer) return answer;
    }
    if (pathname.startsWith("/api/auth/")) return target.auth.handler(request);
    return new Response("not found", { status: 404 });
  };
}

/** The person: signed in as owner A, opens the authorization URL and allows for project A. */
async function allow(authorizationUrl: URL): Promise<URL> {
  const cookie = world.ownerA.cookie;
  const authorize = await app.auth.handler(
    new Request(authorizationUrl, { headers: { cookie }, redirect: "manual" }),
  );
  const consent = new URL(authorize.headers.get("location") ?? "", app.config.baseUrl);
  expect(consent.pathname).toBe("/oauth/consent");
  const answer = await app.auth.handler(
    new Request(`${app.config.baseUrl}/api/auth/oauth2/consent`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: app.config.baseUrl },
      body: JSON.stringify({
        accept: true,
        oauth_query: consent.search.slice(1),
        project_id: world.projectA.id,
      }),
    }),
  );
  const { url } = (await answer.json()) as { url: string };
  return new URL(url);
}

beforeAll(async () => {
  app = await createTestApp();
  world = await buildWorld(app);
});
afterAll(async () => {
  await app?.database.close();
});

describe("OAuth with the official SDK clients", () => {
  it("the 1.x client on 2025-11-25 registers, is authorized, and lists and calls tools", async () => {
    const mcpUrl = new URL(`${app.config.baseUrl}/mcp`);
    const provider = new SdkOAuthProvider(REDIRECT_URI, "Claude Code");
    const options = { authProvider: provider, fetch: appFetch(app) };
    await expect(
      new Client({ name: "legacy", version: "1" }).connect(
        new StreamableHTTPClientTransport(mcpUrl, options),
      ),
    ).rejects.toThrow(UnauthorizedError);
    expect(provider.registered?.client_id).toBeTruthy();
    const callback = await allow(provider.requireAuthorizationUrl());
    expect(callback.searchParams.get("iss")).toBe(`${app.config.baseUrl}/api/auth`);
    expect(callback.searchParams.get("state")).toBe(provider.expectedState);

    const transport = new StreamableHTTPClientTransport(mcpUrl, options);
    await transport.finishAuth(callback.searchParams.get("code") ?? "");
    const client = new Client({ name: "legacy", version: "1" });
    await client.connect(transport);
    expect(client.getServerVersion()?.name).toBe("portico");
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("calculate");
    const result = await client.callTool({ name: "calculate", arguments: { expression: "6 * 7" } });
    expect(result.structuredContent).toMatchObject({ result: 42 });
    await client.close();
  });

  it("the v2 client on 2026-07-28 takes the metadata document Portico advertises over registering", async () => {
    // The v2 client accepts only https document URLs; Portico's side of such a flow (fetching and
    // validating the document) is oauth-client-metadata.test.ts's.
    const documentUrl = "https://agent.example/mcp-client.json";
    const provider = new SdkOAuthProvider(REDIRECT_URI, "Agent on MCP 2026-07-28", documentUrl);
    const transport = new ModernHttpTransport(new URL(`${app.config.baseUrl}/mcp`), {
      authProvider: provider,
      fetch: appFetch(app),
    });
    await expect(
      new ModernClient({ name: "modern", version: "1" }, negotiation).connect(transport),
    ).rejects.toThrow(ModernUnauthorizedError);
    // Not registered: its client id is the document's URL (a registration would have issued another).
    expect(provider.registered?.client_id).toBe(documentUrl);
    expect(provider.requireAuthorizationUrl().searchParams.get("client_id")).toBe(documentUrl);
  });

  it("the v2 client on 2026-07-28 registers where it has no document, checks iss, and lists and calls tools", async () => {
    const mcpUrl = new URL(`${app.config.baseUrl}/mcp`);
    const provider = new SdkOAuthProvider(REDIRECT_URI, "Agent on MCP 2026-07-28");
    const options = { authProvider: provider, fetch: appFetch(app) };
    await expect(
      new ModernClient({ name: "modern", version: "1" }, negotiation).connect(
        new ModernHttpTransport(mcpUrl, options),
      ),
    ).rejects.toThrow(ModernUnauthorizedError);
    expect(provider.registered?.client_id).toBeTruthy();
    const callback = await allow(provider.requireAuthorizationUrl());

    // Without the iss the v2 client refuses to redeem the code (a mix-up defence); with it, it does.
    const transport = new ModernHttpTransport(mcpUrl, options);
    const withoutIss = new URLSearchParams(callback.searchParams);
    withoutIss.delete("iss");
    await expect(transport.finishAuth(withoutIss)).rejects.toThrow();
    await transport.finishAuth(callback.searchParams);
    expect(provider.tokens()?.access_token).toMatch(/^pto_/);

    const client = new ModernClient({ name: "modern", version: "1" }, negotiation);
    await client.connect(transport);
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("calculate");
    const result = await client.callTool({ name: "calculate", arguments: { expression: "6 * 7" } });
    expect(result.structuredContent).toMatchObject({ result: 42 });
    await client.close();
  });
});

describe("authorization responses carry the issuer (RFC 9207)", () => {
  const issuer = () => `${app.config.baseUrl}/api/auth`;

  it("is advertised in the authorization server metadata", async () => {
    const path = "/.well-known/oauth-authorization-server/api/auth";
    const metadata = await (
      await handleWellKnownRequest(app, new Request(`${app.config.baseUrl}${path}`), path)
    )?.json();
    expect(metadata).toMatchObject({
      issuer: issuer(),
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
  });

  it("on a denial, with the error and the state", async () => {
    const client = await OAuthTestClient.register(app);
    const pkce = newPkce();
    const consentUrl = await client.authorize(world.ownerA.cookie, {
      code_challenge: pkce.challenge,
      code_challenge_method: "S256",
    });
    const { redirect } = await client.consent(world.ownerA.cookie, consentUrl, { accept: false });
    expect(redirect?.searchParams.get("error")).toBe("access_denied");
    expect(redirect?.searchParams.get("state")).toBe("state-123");
    expect(redirect?.searchParams.get("iss")).toBe(issuer());
  });

  it("on an error sent back to the client's redirect URI", async () => {
    const client = await OAuthTestClient.register(app);
    const response = await client.authorizeRequest(world.ownerA.cookie, {
      code_challenge: newPkce().challenge,
      code_challenge_method: "S256",
      scope: "mcp",
      prompt: "unknown-prompt-value",
    });
    const location = new URL(response.headers.get("location") ?? "", app.config.baseUrl);
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get("error")).toBeTruthy();
    expect(location.searchParams.get("iss")).toBe(issuer());
  });
});
