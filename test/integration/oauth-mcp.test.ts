// OAuth access tokens at /mcp: a granted token reaches its project's tools; every refused token gets
// 401 with the resource-metadata challenge and no data. Afterwards the database holds no token, code
// or client secret in readable form.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { oauthAccessToken, toolCall } from "~/server/db/schema/index.ts";
import { hashStoredToken } from "~/server/oauth/token-hash.ts";
import { dumpDatabase } from "../support/dump.ts";
import { connectMcpClient, mcpPost } from "../support/mcp-client.ts";
import { OAuthTestClient, registerClient } from "../support/oauth-client.ts";
import { worldForFile } from "./world.ts";

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

const { app, world } = await worldForFile();
let client: OAuthTestClient;
/** Every secret handed out in this file, for the dump check at the end. */
const secrets: string[] = [];

beforeAll(async () => {
  client = await OAuthTestClient.register(app, { client_name: "Claude" });
});

async function connect(cookie: string, projectId: string) {
  const { code, verifier } = await client.approve(cookie, projectId);
  const result = await client.exchange(code, verifier);
  const tokens = result.body as { access_token: string; refresh_token: string };
  secrets.push(code, tokens.access_token, tokens.refresh_token);
  return tokens;
}

const stored = (accessToken: string) => eq(oauthAccessToken.token, hashStoredToken(accessToken.slice(4)));

/** 401 with a challenge pointing at the protected-resource metadata, and no JSON-RPC result. */
async function expectRefused(token: string) {
  const response = await mcpPost(app, initialize, { authorization: `Bearer ${token}` });
  expect(response.status).toBe(401);
  expect(response.headers.get("www-authenticate")).toContain(
    `resource_metadata="${app.config.baseUrl}/.well-known/oauth-protected-resource/mcp"`,
  );
  const body = await response.json();
  expect(body.result).toBeUndefined();
}

describe("OAuth tokens at /mcp", () => {
  it("reach the tools of the project chosen at consent, logged under the client's name", async () => {
    const tokens = await connect(world.ownerA.cookie, world.projectA.id);
    const mcp = await connectMcpClient(app, tokens.access_token);
    try {
      const { tools } = await mcp.listTools();
      expect(tools.map((tool) => tool.name)).toContain("get_current_time");
      const result = await mcp.callTool({ name: "calculate", arguments: { expression: "6 * 7" } });
      expect(result.structuredContent).toMatchObject({ result: 42 });
    } finally {
      await mcp.close();
    }
    await app.gateway.recorder.flush();
    const calls = await app.db.select().from(toolCall).where(eq(toolCall.projectId, world.projectA.id));
    expect(calls).toEqual([
      expect.objectContaining({
        toolName: "calculate",
        oauthClientId: client.clientId,
        callerName: "Claude",
        userId: world.ownerA.id,
        apiKeyId: null,
      }),
    ]);
    const [connected] = await world.ownerA.caller.oauthClients.getProjectAuthorizedClients({
      projectId: world.projectA.id,
    });
    expect(connected?.lastUsedAt).toEqual(calls[0]?.createdAt);
  });

  it("refuses a token issued for another resource", async () => {
    const tokens = await connect(world.ownerA.cookie, world.projectA.id);
    await app.db
      .update(oauthAccessToken)
      .set({ resources: ["https://other.example/mcp"] })
      .where(stored(tokens.access_token));
    await expectRefused(tokens.access_token);
  });

  it("refuses an expired token", async () => {
    const tokens = await connect(world.ownerA.cookie, world.projectA.id);
    await app.db
      .update(oauthAccessToken)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(stored(tokens.access_token));
    await expectRefused(tokens.access_token);
  });

  it("refuses a revoked token", async () => {
    const tokens = await connect(world.ownerA.cookie, world.projectA.id);
    await client.revoke(tokens.access_token, "access_token");
    await expectRefused(tokens.access_token);
  });

  it("refuses the token of a user who lost access to the project", async () => {
    await world.ownerA.caller.projectPermissions.setProjectMemberRole({
      projectId: world.projectA.id,
      userId: world.memberA.id,
      role: "editor",
    });
    const tokens = await connect(world.memberA.cookie, world.projectA.id);
    const ok = await mcpPost(app, initialize, { authorization: `Bearer ${tokens.access_token}` });
    expect(ok.status).toBe(200);
    await world.ownerA.caller.projectPermissions.removeProjectMember({
      projectId: world.projectA.id,
      userId: world.memberA.id,
    });
    await expectRefused(tokens.access_token);
  });

  it("refuses a token the project admin revoked from the settings", async () => {
    const tokens = await connect(world.ownerA.cookie, world.projectA.id);
    await world.adminA.caller.oauthClients.revokeProjectClient({
      projectId: world.projectA.id,
      clientId: client.clientId,
    });
    await expectRefused(tokens.access_token);
  });
});

describe("database at rest", () => {
  it("holds no access token, refresh token, authorization code or client secret in readable form", async () => {
    const web = await registerClient(app, {
      client_name: "Web",
      redirect_uris: ["https://agent.example/cb"],
    });
    secrets.push(String((await web.json()).client_secret));
    const dump = await dumpDatabase(app.db);
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(20);
      expect(dump).not.toContain(secret);
      // Without their prefix too: the stored form must be a hash, not the bare random part.
      expect(dump).not.toContain(secret.replace(/^pt[or]_/, ""));
    }
  });
});
