// Remote MCP connections that hold an OAuth token (Exa's hosted MCP server is an OAuth protected
// resource, auth.exa.ai its authorization server: https://exa.ai/auth.md), through /mcp: the connection
// refreshes at its authorization server's token endpoint with its own registered public client and the
// MCP server as the resource (RFC 8707), before the recorded expiry and once when the server refuses the
// token (401); a refused refresh says to reconnect. The connection is stored here the way the connect
// flow stores it (that flow: remote-mcp-oauth-connect.test.ts), with tokens the fake authorization
// server issued for an authorization code.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  findConnection,
  sealTokens,
  upsertConnection,
} from "~/server/integrations/connections/connection-store.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { searchTool, startRemoteMcpFake } from "../fakes/remote-mcp-server.ts";
import { expireStoredToken } from "../support/expire-token.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { textOf } from "./crm-world.ts";
import { worldForFile } from "./world.ts";

const CLIENT_ID = "portico-exa-client";
const REDIRECT = "https://portico.test/api/integrations/oauth/callback";
const RESOURCE = "https://mcp.exa.ai/mcp";

// Access tokens the MCP server no longer accepts (expired or revoked at Exa).
const refused = new Set<string>();
// A public client: registered without a secret (token_endpoint_auth_method "none").
const auth = await startFakeOAuthProvider({ clients: { [CLIENT_ID]: "" }, expiresIn: 3600 });

const accessTokens = () => auth.issued.filter((token) => token.includes("access-token"));
const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

/** An authorization code granted and exchanged by the public client, as the connect flow would. */
async function grantTokens() {
  const authorize = new URL(auth.authorizeUrl);
  for (const [key, value] of Object.entries({
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT,
    state: "s",
  }))
    authorize.searchParams.set(key, value);
  const code = new URL(await auth.approve(authorize.toString())).searchParams.get("code") ?? "";
  const response = await fetch(auth.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: CLIENT_ID,
    }),
  });
  return (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

async function storeConnection(expiresAt: Date) {
  const tokens = await grantTokens();
  await upsertConnection(app.db, {
    organizationId: world.orgA.id,
    provider: "exa",
    authFlow: "oauth",
    status: "active",
    statusReason: null,
    credentialId: null,
    credentialScope: null,
    ...sealTokens(
      app.keyring,
      { organizationId: world.orgA.id, provider: "exa", ownerUserId: null },
      {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        client: { clientId: CLIENT_ID, tokenUrl: auth.tokenUrl, resource: RESOURCE },
      },
    ),
    accessTokenExpiresAt: expiresAt,
    scopes: "mcp:tools",
    connectedAt: new Date(),
    lastRefreshedAt: null,
  });
  return tokens.access_token;
}

const mcp = await startRemoteMcpFake({
  tools: [searchTool],
  auth: {
    header: "authorization",
    // Any access token the authorization server issued that has not been refused since.
    value: (presented) => {
      const token = presented?.replace(/^Bearer /, "") ?? "";
      return accessTokens().includes(token) && !refused.has(token);
    },
  },
});
afterAll(() => Promise.all([auth.close(), mcp.close()]));
const { app, world } = await worldForFile({
  // The token endpoint is one the authorization server's metadata named: the SSRF guard applies, and
  // the 127.0.0.1 fake needs private addresses allowed.
  ALLOW_PRIVATE_URLS: "true",
  INTEGRATION_ENDPOINTS: JSON.stringify({ exa: { mcpUrl: mcp.url } }),
});
let client: Client;

beforeAll(async () => {
  await storeConnection(new Date(Date.now() + 3600_000));
  await world.ownerA.caller.projectServers.addServer({ projectId: world.projectA.id, integrationId: "exa" });
  const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
  client = await connectMcpClient(app, key.secret);
});
afterAll(async () => {
  await client?.close();
});
beforeEach(async () => {
  auth.refreshError = null;
  // Every test starts from a freshly granted connection.
  await storeConnection(new Date(Date.now() + 3600_000));
  mcp.requests.length = 0;
  auth.refreshRequests.length = 0;
});

const heldToken = () => accessTokens().at(-1) ?? "";
// JSON-RPC requests only: a retired session is also ended (DELETE) with the headers it was opened with.
const posts = () => mcp.requests.filter((request) => request.method === "POST");
const bearers = () => new Set(posts().map((request) => request.headers.authorization));

describe("remote MCP connections with an OAuth token", () => {
  it("the server refuses the token before its recorded expiry → one refresh, and the call succeeds", async () => {
    const before = heldToken();
    refused.add(before);
    const result = await call("exa_web_search_exa", { query: "MCP authorization" });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe("Results for MCP authorization");
    expect(auth.refreshRequests).toHaveLength(1);
    const form = Object.fromEntries(new URLSearchParams(auth.refreshRequests[0]?.body));
    expect(form).toEqual({
      grant_type: "refresh_token",
      refresh_token: expect.stringContaining("refresh-token"),
      resource: RESOURCE,
      client_id: CLIENT_ID,
    });
    expect(auth.refreshRequests[0]?.headers.authorization).toBeUndefined();
    const after = heldToken();
    expect(after).not.toBe(before);
    // The refused token was tried once; everything after the refresh carried the new one.
    const sent = posts().map((request) => request.headers.authorization);
    expect(sent[0]).toBe(`Bearer ${before}`);
    expect(sent.slice(sent.indexOf(`Bearer ${after}`))).toEqual(
      sent.filter((value) => value === `Bearer ${after}`),
    );
    expect(mcp.calls("tools/call").at(-1)?.headers.authorization).toBe(`Bearer ${after}`);
    const row = await findConnection(app.db, world.orgA.id, "exa");
    expect(row?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 3000_000);
  });

  it("a token past its recorded expiry is refreshed before the server sees it", async () => {
    const before = heldToken();
    await expireStoredToken(app.db, world.orgA.id, "exa");
    const result = await call("exa_web_search_exa", { query: "refresh" });
    expect(result.isError).toBeFalsy();
    expect(auth.refreshRequests).toHaveLength(1);
    expect(bearers()).toEqual(new Set([`Bearer ${heldToken()}`]));
    expect(heldToken()).not.toBe(before);
  });

  it("a refused refresh says to reconnect, and the connection shows why", async () => {
    refused.add(heldToken());
    auth.refreshError = { error: "invalid_grant", error_description: "Refresh token revoked" };
    const result = await call("exa_web_search_exa", { query: "x" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "Token refresh failed: Exa answered invalid_grant (Refresh token revoked). Reconnect Exa in the organization's integrations.",
    );
    const row = await findConnection(app.db, world.orgA.id, "exa");
    expect(row).toMatchObject({
      status: "error",
      statusReason: "Token refresh failed: Exa answered invalid_grant (Refresh token revoked).",
    });
  });

  it("a new token the server refuses too is not refreshed again: the 401 says to reconnect", async () => {
    // Every token refused, including the one the refresh brings.
    const accept = mcp.auth.value;
    mcp.auth = { ...mcp.auth, value: () => false };
    const result = await call("exa_web_search_exa", { query: "x" });
    mcp.auth = { ...mcp.auth, value: accept };
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "Exa refused the connection's access (HTTP 401). Reconnect Exa in the organization's integrations.",
    );
    expect(auth.refreshRequests).toHaveLength(1);
  });
});
