// Native MCP clients with a private-use redirect scheme (RFC 8252 §7.1), as Cursor registers
// (`cursor://anysphere.cursor-retrieval/…`): registered as given, authorized, and their token works at
// /mcp; browser schemes stay refused; and the revocation the metadata advertises for public clients works.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oauthClient } from "~/server/db/schema/index.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { OAuthTestClient, registerClient } from "../support/oauth-client.ts";
import { worldForFile } from "./world.ts";

const CURSOR_REDIRECT = "cursor://anysphere.cursor-retrieval/oauth/user-portico/callback";

const { app, world } = await worldForFile();

describe("native clients with a private-use redirect scheme", () => {
  it("registers Cursor's redirect as given and stores it as given", async () => {
    const response = await registerClient(app, {
      client_name: "Cursor",
      redirect_uris: [CURSOR_REDIRECT],
      token_endpoint_auth_method: "none",
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ redirect_uris: [CURSOR_REDIRECT], application_type: "native" });
    const [row] = await app.db.select().from(oauthClient).where(eq(oauthClient.clientId, body.client_id));
    expect(row?.redirectUris).toEqual([CURSOR_REDIRECT]);
  });

  it("authorizes to that redirect, and the token reaches /mcp", async () => {
    const client = await OAuthTestClient.register(app, {
      client_name: "Cursor",
      redirect_uris: [CURSOR_REDIRECT],
    });
    const { code, verifier } = await client.approve(world.ownerA.cookie, world.projectA.id);
    const tokens = await client.exchange(code, verifier);
    expect(tokens.status).toBe(200);
    const mcp = await connectMcpClient(app, String(tokens.body.access_token));
    expect((await mcp.listTools()).tools.length).toBeGreaterThan(0);
    await mcp.close();
    // Another private-use redirect than the registered one is refused without redirecting there.
    const elsewhere = await client.authorize(world.ownerA.cookie, {
      redirect_uri: "cursor://anysphere.cursor-retrieval/oauth/someone-else/callback",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
    });
    expect(elsewhere.origin).toBe(app.config.baseUrl);
    expect(elsewhere.searchParams.get("error")).toBe("invalid_redirect");
  });

  it.each(["javascript://example.com/%0Aalert(1)", "data://text/html,hi", "file:///etc/passwd"])(
    "refuses %s as a redirect",
    async (redirect) => {
      const response = await registerClient(app, {
        client_name: "Bad",
        redirect_uris: [redirect],
        token_endpoint_auth_method: "none",
      });
      expect(response.status).toBe(400);
    },
  );

  it("lets a public client revoke its token with its client_id alone", async () => {
    const client = await OAuthTestClient.register(app, { redirect_uris: [CURSOR_REDIRECT] });
    const tokens = await client.connect(world.ownerA.cookie, world.projectA.id);
    expect((await client.revoke(tokens.access_token, "access_token")).status).toBe(200);
    await expect(connectMcpClient(app, tokens.access_token)).rejects.toThrow(/401|invalid/i);
  });
});
