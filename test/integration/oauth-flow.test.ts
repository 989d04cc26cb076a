// The authorization server end to end, in process: a native MCP client registers, its user picks a
// project on the consent screen, the code becomes tokens bound to that user and project, refresh
// tokens rotate, and revocation takes effect at once.
import { describe, expect, it } from "vitest";
import { verifyOAuthAccessToken } from "~/server/oauth/verify-access-token.ts";
import { OAuthTestClient, REDIRECT_URI } from "../support/oauth-client.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();

describe("authorization code flow", () => {
  it("issues tokens bound to the user and the project chosen on the consent screen", async () => {
    const client = await OAuthTestClient.register(app, { client_name: "Claude Code" });
    const tokens = await client.connect(world.ownerA.cookie, world.projectA.id);
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.access_token).toMatch(/^pto_/);
    expect(tokens.refresh_token).toMatch(/^ptr_/);
    expect(tokens.scope.split(" ").sort()).toEqual(["mcp", "offline_access"]);
    const grant = await verifyOAuthAccessToken(app, tokens.access_token);
    expect(grant).toEqual({
      userId: world.ownerA.id,
      projectId: world.projectA.id,
      clientId: client.clientId,
      clientName: "Claude Code",
      scopes: ["mcp", "offline_access"],
    });
  });

  it("sends a signed-out browser to /sign-in with the signed request, and a signed-in one to consent", async () => {
    const client = await OAuthTestClient.register(app);
    const signedOut = await client.authorize(undefined, {
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
    });
    expect(signedOut.pathname).toBe("/sign-in");
    expect(signedOut.searchParams.get("client_id")).toBe(client.clientId);
    expect(signedOut.searchParams.get("sig")).toBeTruthy();
    const signedIn = await client.authorize(world.ownerA.cookie, {
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
    });
    expect(signedIn.pathname).toBe("/oauth/consent");
    expect(signedIn.searchParams.get("resource")).toBe(`${app.config.baseUrl}/mcp`);
    expect(signedIn.searchParams.get("sig")).toBeTruthy();
  });

  it("always asks again, and binds a new grant to the newly chosen project", async () => {
    const client = await OAuthTestClient.register(app);
    const second = await world.ownerA.caller.project.create({
      organizationId: world.orgA.id,
      name: "Second",
    });
    const first = await client.connect(world.ownerA.cookie, world.projectA.id);
    const again = await client.authorize(world.ownerA.cookie, {
      code_challenge: "y".repeat(43),
      code_challenge_method: "S256",
    });
    expect(again.pathname).toBe("/oauth/consent");
    const other = await client.connect(world.ownerA.cookie, second.id);
    expect((await verifyOAuthAccessToken(app, first.access_token))?.projectId).toBe(world.projectA.id);
    expect((await verifyOAuthAccessToken(app, other.access_token))?.projectId).toBe(second.id);
  });

  it("returns access_denied with the state when the user denies", async () => {
    const client = await OAuthTestClient.register(app);
    const consentUrl = await client.authorize(world.ownerA.cookie, {
      code_challenge: "z".repeat(43),
      code_challenge_method: "S256",
      state: "keep-me",
    });
    const denied = await client.consent(world.ownerA.cookie, consentUrl, { accept: false });
    expect(denied.redirect?.origin + (denied.redirect?.pathname ?? "")).toBe(REDIRECT_URI);
    expect(denied.redirect?.searchParams.get("error")).toBe("access_denied");
    expect(denied.redirect?.searchParams.get("state")).toBe("keep-me");
    expect(denied.redirect?.searchParams.get("code")).toBeNull();
  });

  it("refuses approval without a project, or for a project the user cannot open", async () => {
    const client = await OAuthTestClient.register(app);
    const consentUrl = await client.authorize(world.ownerB.cookie, {
      code_challenge: "w".repeat(43),
      code_challenge_method: "S256",
    });
    const none = await client.consent(world.ownerB.cookie, consentUrl, { accept: true });
    expect(none.status).toBe(400);
    expect(none.body.error_description).toBe("Choose a project for this connection.");
    const foreign = await client.consent(world.ownerB.cookie, consentUrl, {
      accept: true,
      projectId: world.projectA.id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.redirect).toBeNull();
  });
});

describe("refresh tokens", () => {
  it("rotate: the new pair works, the old refresh token is refused and then kills the family", async () => {
    const client = await OAuthTestClient.register(app);
    const tokens = await client.connect(world.ownerA.cookie, world.projectA.id);
    const rotated = await client.refresh(tokens.refresh_token ?? "");
    expect(rotated.status).toBe(200);
    const next = rotated.body as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await verifyOAuthAccessToken(app, next.access_token))?.projectId).toBe(world.projectA.id);

    const replay = await client.refresh(tokens.refresh_token ?? "");
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    // Reuse of a rotated token means it leaked: the whole family is revoked (RFC 9700 §4.14).
    expect((await client.refresh(next.refresh_token)).status).toBe(400);
    expect(await verifyOAuthAccessToken(app, next.access_token)).toBeNull();
  });
});

describe("revocation", () => {
  it("revoking the access token makes it invalid at once", async () => {
    const client = await OAuthTestClient.register(app);
    const tokens = await client.connect(world.ownerA.cookie, world.projectA.id);
    expect(await verifyOAuthAccessToken(app, tokens.access_token)).not.toBeNull();
    expect((await client.revoke(tokens.access_token, "access_token")).status).toBe(200);
    expect(await verifyOAuthAccessToken(app, tokens.access_token)).toBeNull();
  });

  it("revoking the refresh token stops renewal", async () => {
    const client = await OAuthTestClient.register(app);
    const tokens = await client.connect(world.ownerA.cookie, world.projectA.id);
    expect((await client.revoke(tokens.refresh_token ?? "", "refresh_token")).status).toBe(200);
    const refused = await client.refresh(tokens.refresh_token ?? "");
    expect(refused.status).toBe(400);
    expect(refused.body.access_token).toBeUndefined();
  });
});
