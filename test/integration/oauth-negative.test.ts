// Requests the authorization server and the token check must refuse, each with the right status and
// without handing out a code or a token.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { oauthAccessToken } from "~/server/db/schema/index.ts";
import { hashStoredToken } from "~/server/oauth/token-hash.ts";
import { verifyOAuthAccessToken } from "~/server/oauth/verify-access-token.ts";
import { newPkce, OAuthTestClient } from "../support/oauth-client.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
let client: OAuthTestClient;

beforeAll(async () => {
  client = await OAuthTestClient.register(app);
});

/** The client's redirect URI received an error (and no code). */
function expectClientError(location: URL, error: string) {
  expect(`${location.origin}${location.pathname}`).toBe(client.redirectUri);
  expect(location.searchParams.get("error")).toBe(error);
  expect(location.searchParams.get("code")).toBeNull();
}

const storedToken = (accessToken: string) => hashStoredToken(accessToken.replace(/^pto_/, ""));

describe("PKCE", () => {
  it("refuses an authorization request without a code challenge", async () => {
    const location = await client.authorize(world.ownerA.cookie, {});
    expectClientError(location, "invalid_request");
    expect(location.searchParams.get("error_description")).toMatch(/pkce/i);
  });

  it("refuses the plain method", async () => {
    const { verifier } = newPkce();
    const location = await client.authorize(world.ownerA.cookie, {
      code_challenge: verifier,
      code_challenge_method: "plain",
    });
    expectClientError(location, "invalid_request");
  });

  it("refuses a token request without the verifier, or with the wrong one", async () => {
    const { code } = await client.approve(world.ownerA.cookie, world.projectA.id);
    const missing = await client.exchange(code, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.access_token).toBeUndefined();
    const { code: second } = await client.approve(world.ownerA.cookie, world.projectA.id);
    const wrong = await client.exchange(second, newPkce().verifier);
    // RFC 7636 §4.6: a verifier that does not match is an invalid grant, not a client failure.
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_grant");
    expect(wrong.body.access_token).toBeUndefined();
  });
});

describe("redirect URI", () => {
  it("never redirects to an unregistered URI: the error stays on Portico", async () => {
    const pkce = newPkce();
    const location = await client.authorize(world.ownerA.cookie, {
      redirect_uri: "http://127.0.0.1:43117/elsewhere",
      code_challenge: pkce.challenge,
      code_challenge_method: "S256",
    });
    expect(location.origin).toBe(app.config.baseUrl);
    // Portico's own page explains it (routes/oauth/error.tsx), not the landing page.
    expect(location.pathname).toBe("/oauth/error");
    expect(location.searchParams.get("error")).toBe("invalid_redirect");
    const attacker = await client.authorize(world.ownerA.cookie, {
      redirect_uri: "https://attacker.example/callback",
      code_challenge: pkce.challenge,
      code_challenge_method: "S256",
    });
    expect(attacker.origin).toBe(app.config.baseUrl);
  });

  it("lets a native client's loopback redirect use any port (RFC 8252)", async () => {
    const pkce = newPkce();
    const location = await client.authorize(world.ownerA.cookie, {
      redirect_uri: "http://127.0.0.1:50999/callback",
      code_challenge: pkce.challenge,
      code_challenge_method: "S256",
    });
    expect(location.pathname).toBe("/oauth/consent");
  });

  it("refuses a token request whose redirect URI differs from the authorization request's", async () => {
    const { code, verifier } = await client.approve(world.ownerA.cookie, world.projectA.id);
    const result = await client.exchange(code, verifier, { redirect_uri: "http://127.0.0.1:43117/other" });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("invalid_grant");
    expect(result.body.access_token).toBeUndefined();
  });
});

describe("authorization codes", () => {
  it("are single use: a replay is refused and revokes what the first use issued", async () => {
    const { code, verifier } = await client.approve(world.ownerA.cookie, world.projectA.id);
    const first = await client.exchange(code, verifier);
    expect(first.status).toBe(200);
    const replay = await client.exchange(code, verifier);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    expect(replay.body.access_token).toBeUndefined();
    expect(await verifyOAuthAccessToken(app, String(first.body.access_token))).toBeNull();
  });

  it("cannot be redeemed by another client", async () => {
    const other = await OAuthTestClient.register(app);
    const { code, verifier } = await client.approve(world.ownerA.cookie, world.projectA.id);
    const stolen = await other.exchange(code, verifier);
    expect(stolen.status).toBe(400);
    expect(stolen.body.access_token).toBeUndefined();
  });
});

describe("resource (token audience)", () => {
  it("refuses to authorize for another resource", async () => {
    const pkce = newPkce();
    const location = await client.authorize(world.ownerA.cookie, {
      resource: "https://other.example/mcp",
      code_challenge: pkce.challenge,
      code_challenge_method: "S256",
    });
    expectClientError(location, "invalid_target");
  });

  it("refuses to issue a token for another resource than the one authorized", async () => {
    const { code, verifier } = await client.approve(world.ownerA.cookie, world.projectA.id);
    const result = await client.exchange(code, verifier, { resource: "https://other.example/mcp" });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("invalid_target");
    expect(result.body.access_token).toBeUndefined();
  });

  it("binds a token to /mcp when the client names no resource (MCP 2025-03-26 clients)", async () => {
    const { code, verifier } = await client.approve(world.ownerA.cookie, world.projectA.id, {
      resource: undefined,
    });
    const result = await client.exchange(code, verifier, { resource: undefined });
    expect(result.status).toBe(200);
    expect(await verifyOAuthAccessToken(app, String(result.body.access_token))).not.toBeNull();
  });

  it("does not accept a token whose audience is another resource", async () => {
    const tokens = await client.connect(world.ownerA.cookie, world.projectA.id);
    await app.db
      .update(oauthAccessToken)
      .set({ resources: ["https://other.example/mcp"] })
      .where(eq(oauthAccessToken.token, storedToken(tokens.access_token)));
    expect(await verifyOAuthAccessToken(app, tokens.access_token)).toBeNull();
  });
});

describe("token check", () => {
  it("refuses an expired token", async () => {
    const tokens = await client.connect(world.ownerA.cookie, world.projectA.id);
    await app.db
      .update(oauthAccessToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthAccessToken.token, storedToken(tokens.access_token)));
    expect(await verifyOAuthAccessToken(app, tokens.access_token)).toBeNull();
  });

  it("refuses the token of a user who lost access to the project", async () => {
    await world.ownerA.caller.projectPermissions.setProjectMemberRole({
      projectId: world.projectA.id,
      userId: world.memberA.id,
      role: "viewer",
    });
    const tokens = await client.connect(world.memberA.cookie, world.projectA.id);
    expect((await verifyOAuthAccessToken(app, tokens.access_token))?.userId).toBe(world.memberA.id);
    await world.ownerA.caller.projectPermissions.removeProjectMember({
      projectId: world.projectA.id,
      userId: world.memberA.id,
    });
    expect(await verifyOAuthAccessToken(app, tokens.access_token)).toBeNull();
    const renewal = await client.refresh(tokens.refresh_token ?? "");
    expect(renewal.status).toBe(400);
    expect(renewal.body.error).toBe("invalid_grant");
    expect(renewal.body.access_token).toBeUndefined();
  });

  it("refuses unknown, malformed and refresh tokens", async () => {
    const tokens = await client.connect(world.ownerA.cookie, world.projectA.id);
    expect(await verifyOAuthAccessToken(app, "pto_not-a-token")).toBeNull();
    expect(await verifyOAuthAccessToken(app, tokens.access_token.slice(4))).toBeNull();
    expect(await verifyOAuthAccessToken(app, tokens.refresh_token ?? "")).toBeNull();
    expect(await verifyOAuthAccessToken(app, `pto_${"a".repeat(600)}`)).toBeNull();
  });

  it("refuses a token that carries only offline_access", async () => {
    const { code, verifier } = await client.approve(world.ownerA.cookie, world.projectA.id, {
      scope: "offline_access",
    });
    const result = await client.exchange(code, verifier);
    expect(result.status).toBe(200);
    expect(await verifyOAuthAccessToken(app, String(result.body.access_token))).toBeNull();
  });
});
