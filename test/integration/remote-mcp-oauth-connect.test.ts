// Connecting a remote MCP server with OAuth ("Sign in with Exa"; https://exa.ai/auth.md): Portico finds
// the server's authorization server from its protected-resource metadata (RFC 9728: the 401's
// resource_metadata, else the well-known URI), reads that server's metadata (RFC 8414) and checks its
// issuer, identifies itself by its Client ID Metadata Document or registers a public client (RFC 7591),
// and sends the user to authorize with PKCE S256, scope and resource (RFC 8707). The callback exchanges
// the code at the discovered token endpoint and stores the tokens with the client, so tools work through
// /mcp and an expired token is refreshed. Fakes: test/fakes/remote-mcp-server.ts (protected resource) and
// test/fakes/oauth-provider.ts (its `mcp` authorization server).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { findConnection, openTokens } from "~/server/integrations/connections/connection-store.ts";
import {
  type FakeOAuthProvider,
  type McpAuthorizationServerOptions,
  startFakeOAuthProvider,
} from "../fakes/oauth-provider.ts";
import { type RemoteMcpFake, searchTool, startRemoteMcpFake } from "../fakes/remote-mcp-server.ts";
import { createTestApp, headersFor } from "../support/app.ts";
import { expireStoredToken } from "../support/expire-token.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { textOf } from "./crm-world.ts";
import { buildWorld } from "./world.ts";

let app: App;
let world: Awaited<ReturnType<typeof buildWorld>>;
let mcp: RemoteMcpFake;
// Dynamic registration only / client ID metadata documents only / an issuer that is not its own.
let registering: FakeOAuthProvider;
let documents: FakeOAuthProvider;
let lying: FakeOAuthProvider;
let closed: FakeOAuthProvider;
const registeringOptions: McpAuthorizationServerOptions = { resource: "", registration: true };
const documentOptions: McpAuthorizationServerOptions = {
  resource: "",
  // The authorization server reads Portico's document at its client_id URL.
  clientIdMetadataDocuments: async (clientId) => {
    const response = await handleApiRequest(app, new Request(clientId), new URL(clientId).pathname);
    return response?.ok ? response.json() : null;
  },
};
let client: Client | undefined;

const servers = () => [registering, documents, lying, closed];
const issuedAccessTokens = () =>
  servers().flatMap((server) => server.issued.filter((token) => token.includes("access-token")));
const redirectUri = () => `${app.config.baseUrl}/api/integrations/oauth/callback`;
const documentUrl = () => `${app.config.baseUrl}/api/integrations/oauth/client-metadata.json`;

/** Points the MCP server's metadata at an authorization server. */
function useAuthorizationServer(server: FakeOAuthProvider, options: { challenge: boolean }) {
  mcp.protectedResource = { authorizationServers: [server.url], scopes: ["mcp:tools"], ...options };
}

const startConnecting = () =>
  world.ownerA.caller.integrations.connections.startOAuth({
    organizationId: world.orgA.id,
    integrationId: "exa",
  });

/** The browser's way back: the authorization server's redirect, opened by the user who started. */
async function finish(server: FakeOAuthProvider, authorizeUrl: string) {
  const location = await server.approve(authorizeUrl);
  const response = await handleApiRequest(
    app,
    new Request(location, { headers: headersFor(world.ownerA.cookie) }),
    new URL(location).pathname,
  );
  expect(response?.status).toBe(302);
  return findConnection(app.db, world.orgA.id, "exa");
}

async function callSearch(query: string) {
  if (!client)
    await world.ownerA.caller.projectServers.addServer({
      projectId: world.projectA.id,
      integrationId: "exa",
    });
  client ??= await connectMcpClient(
    app,
    (await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" })).secret,
  );
  return (await client.callTool({ name: "exa_web_search_exa", arguments: { query } })) as CallToolResult;
}

beforeAll(async () => {
  registering = await startFakeOAuthProvider({ clients: {}, expiresIn: 3600, mcp: registeringOptions });
  documents = await startFakeOAuthProvider({ clients: {}, expiresIn: 3600, mcp: documentOptions });
  lying = await startFakeOAuthProvider({
    clients: {},
    mcp: { resource: "", registration: true, issuer: "https://auth.example.com" },
  });
  // Neither client ID metadata documents nor dynamic registration.
  closed = await startFakeOAuthProvider({ clients: {}, mcp: { resource: "" } });
  mcp = await startRemoteMcpFake({
    tools: [searchTool],
    // Only tokens an authorization server issued: the connection must have come through the flow.
    auth: {
      header: "authorization",
      value: (presented) => issuedAccessTokens().includes(presented?.replace(/^Bearer /, "") ?? ""),
    },
  });
  for (const server of servers()) {
    const options =
      server === documents ? documentOptions : server === registering ? registeringOptions : null;
    if (options) options.resource = mcp.url;
  }
  app = await createTestApp({
    // The fakes listen on 127.0.0.1: private addresses allowed (the guard's refusal is tested below).
    ALLOW_PRIVATE_URLS: "true",
    INTEGRATION_ENDPOINTS: JSON.stringify({ exa: { mcpUrl: mcp.url } }),
  });
  world = await buildWorld(app);
});
afterAll(async () => {
  await client?.close();
  await app?.database.close();
  await Promise.all([mcp?.close(), ...servers().map((server) => server?.close())]);
});
beforeEach(() => {
  mcp.requests.length = 0;
});

describe("connecting a remote MCP server with OAuth", () => {
  it("registers a public client, authorizes with PKCE and resource, stores the tokens; tools work and refresh", async () => {
    useAuthorizationServer(registering, { challenge: true });
    const { authorizeUrl } = await startConnecting();

    // Discovery: the unauthenticated probe's challenge named the metadata, which was then read.
    const probe = mcp.requests[0];
    expect(probe).toMatchObject({ method: "POST", rpc: "initialize" });
    expect(probe?.headers.authorization).toBeUndefined();
    expect(mcp.requests.filter((request) => request.method === "GET").map((request) => request.url)).toEqual([
      "/.well-known/oauth-protected-resource/mcp",
    ]);
    expect(registering.requests.find((r) => r.method === "GET")?.path).toBe(
      "/.well-known/oauth-authorization-server",
    );

    // Registration (RFC 7591): a public client with Portico's callback.
    expect(registering.registrations).toHaveLength(1);
    expect(JSON.parse(registering.registrations[0]?.body ?? "")).toEqual({
      client_name: "Portico",
      client_uri: app.config.baseUrl,
      redirect_uris: [redirectUri()],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      scope: "mcp:tools",
    });

    const authorize = new URL(authorizeUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(registering.authorizeUrl);
    const query = Object.fromEntries(authorize.searchParams);
    expect(query).toEqual({
      response_type: "code",
      client_id: expect.stringMatching(/^fake-client-/),
      redirect_uri: redirectUri(),
      scope: "mcp:tools",
      state: expect.any(String),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: "S256",
      resource: mcp.url,
    });
    expect((await findConnection(app.db, world.orgA.id, "exa"))?.status).toBe("pending");

    const row = await finish(registering, authorizeUrl);
    expect(row).toMatchObject({ status: "active", authFlow: "oauth", credentialId: null, scopes: null });
    const exchange = Object.fromEntries(new URLSearchParams(registering.codeRequests[0]?.body));
    expect(exchange).toEqual({
      grant_type: "authorization_code",
      code: expect.stringMatching(/^fake-code-/),
      redirect_uri: redirectUri(),
      code_verifier: expect.any(String),
      resource: mcp.url,
      client_id: query.client_id,
    });
    expect(registering.codeRequests[0]?.headers.authorization).toBeUndefined();
    const tokens = row ? openTokens(app.keyring, row) : null;
    expect(tokens?.client).toEqual({
      clientId: query.client_id,
      tokenUrl: registering.tokenUrl,
      resource: mcp.url,
      revokeUrl: registering.revokeUrl,
    });
    expect(row?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 3500_000);

    // A tool call through /mcp carries the issued token.
    const result = await callSearch("MCP authorization");
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe("Results for MCP authorization");
    expect(mcp.calls("tools/call").at(-1)?.headers.authorization).toBe(`Bearer ${tokens?.accessToken}`);

    // The token expires: the stored client refreshes it at the discovered token endpoint.
    await expireStoredToken(app.db, world.orgA.id, "exa");
    const again = await callSearch("after expiry");
    expect(again.isError).toBeFalsy();
    expect(registering.refreshRequests).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(registering.refreshRequests[0]?.body))).toEqual({
      grant_type: "refresh_token",
      refresh_token: tokens?.refreshToken,
      resource: mcp.url,
      client_id: query.client_id,
    });
    const refreshed = issuedAccessTokens().at(-1);
    expect(refreshed).not.toBe(tokens?.accessToken);
    expect(mcp.calls("tools/call").at(-1)?.headers.authorization).toBe(`Bearer ${refreshed}`);
  });

  it("uses Portico's client ID metadata document where the server supports them, found at the well-known URI", async () => {
    useAuthorizationServer(documents, { challenge: false });
    const { authorizeUrl } = await startConnecting();
    // No challenge: the path-aware well-known URI of the MCP server (RFC 9728 §3.1).
    expect(mcp.requests.filter((request) => request.method === "GET").map((request) => request.url)).toEqual([
      "/.well-known/oauth-protected-resource/mcp",
    ]);
    const authorize = new URL(authorizeUrl);
    expect(authorize.searchParams.get("client_id")).toBe(documentUrl());
    const row = await finish(documents, authorizeUrl);
    // The authorization server read the document it was given as client_id.
    expect(documents.clientDocuments.get(documentUrl())).toEqual({
      client_id: documentUrl(),
      client_name: "Portico",
      client_uri: app.config.baseUrl,
      redirect_uris: [redirectUri()],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    });
    expect(row?.status).toBe("active");
    expect(row ? openTokens(app.keyring, row)?.client : null).toEqual({
      clientId: documentUrl(),
      tokenUrl: documents.tokenUrl,
      resource: mcp.url,
      revokeUrl: documents.revokeUrl,
    });
    expect((await callSearch("documents")).isError).toBeFalsy();
  });

  it("an authorization response naming another issuer (RFC 9207) is not exchanged", async () => {
    useAuthorizationServer(registering, { challenge: true });
    const before = await findConnection(app.db, world.orgA.id, "exa");
    const exchanges = registering.codeRequests.length;
    const { authorizeUrl } = await startConnecting();
    const location = new URL(await registering.approve(authorizeUrl));
    location.searchParams.set("iss", "https://auth.example.com");
    const response = await handleApiRequest(
      app,
      new Request(location, { headers: headersFor(world.ownerA.cookie) }),
      location.pathname,
    );
    expect(response?.status).toBe(302);
    expect(registering.codeRequests).toHaveLength(exchanges);
    // A working connection stays as it was when its reconnection fails.
    const after = await findConnection(app.db, world.orgA.id, "exa");
    expect(after?.status).toBe("active");
    expect(after?.tokens).toBe(before?.tokens);
  });

  it("refuses an authorization server whose metadata names another issuer, and leaves the connection as it was", async () => {
    useAuthorizationServer(lying, { challenge: true });
    const before = await findConnection(app.db, world.orgA.id, "exa");
    await expect(startConnecting()).rejects.toThrow(
      `Cannot connect Exa: Exa's authorization server metadata names the issuer https://auth.example.com, not ${lying.url}: Portico does not use it.`,
    );
    expect(lying.registrations).toHaveLength(0);
    const after = await findConnection(app.db, world.orgA.id, "exa");
    expect(after?.status).toBe(before?.status);
    expect(after?.updatedAt).toEqual(before?.updatedAt);
  });

  it("an authorization server Portico cannot register with says so", async () => {
    useAuthorizationServer(closed, { challenge: true });
    await expect(startConnecting()).rejects.toThrow(
      "Cannot connect Exa: Exa's authorization server accepts neither client ID metadata documents nor dynamic client registration, so Portico cannot register with it.",
    );
  });

  it("refuses metadata that describes another server", async () => {
    mcp.protectedResource = {
      authorizationServers: [registering.url],
      resource: "https://elsewhere.example/mcp",
      challenge: true,
    };
    await expect(startConnecting()).rejects.toThrow(
      "Cannot connect Exa: Exa's MCP server metadata describes https://elsewhere.example/mcp, not",
    );
  });

  it("an unsafe metadata address, or a server the SSRF guard refuses, is a clear error", async () => {
    // The challenge points at the cloud metadata address; private addresses are allowed in this app, so
    // the same document from a guarded app is refused below.
    mcp.protectedResource = {
      authorizationServers: [registering.url],
      challenge: true,
      metadataUrl: "ftp://169.254.169.254/latest",
    };
    await expect(startConnecting()).rejects.toThrow(
      "Cannot connect Exa: The resource_metadata Exa's MCP server named is not an https URL: ftp://169.254.169.254/latest.",
    );
    const guarded = await createTestApp({
      INTEGRATION_ENDPOINTS: JSON.stringify({ exa: { mcpUrl: mcp.url } }),
    });
    try {
      const other = await buildWorld(guarded);
      await expect(
        other.ownerA.caller.integrations.connections.startOAuth({
          organizationId: other.orgA.id,
          integrationId: "exa",
        }),
      ).rejects.toThrow(
        /^Cannot connect Exa: Portico will not connect: The URL http:\/\/127\.0\.0\.1:\d+ is not allowed/,
      );
    } finally {
      await guarded.database.close();
    }
  });

  it("disconnecting revokes the grant at the revocation endpoint the authorization server named", async () => {
    const row = await findConnection(app.db, world.orgA.id, "exa");
    const tokens = row ? openTokens(app.keyring, row) : null;
    expect(tokens?.client?.revokeUrl).toBe(documents.revokeUrl);
    const result = await world.ownerA.caller.integrations.connections.disconnect({
      organizationId: world.orgA.id,
      provider: "exa",
    });
    expect(result.revoked).toBe(true);
    const revocation = documents.requests.find((request) => request.path === "/revoke");
    expect(Object.fromEntries(new URLSearchParams(revocation?.body))).toEqual({
      token: tokens?.refreshToken,
      client_id: documentUrl(),
    });
    expect((await findConnection(app.db, world.orgA.id, "exa"))?.statusReason).toBe(
      "Disconnected; access revoked at Exa.",
    );
  });
});
