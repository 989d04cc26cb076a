// Project admins see the MCP clients connected to their project and revoke them; the consent screen's
// preselected project is the one last chosen for that client.
import { beforeAll, describe, expect, it } from "vitest";
import { verifyOAuthAccessToken } from "~/server/oauth/verify-access-token.ts";
import { OAuthTestClient, type TokenResponse } from "../support/oauth-client.ts";
import { outcome, worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
let client: OAuthTestClient;
let ownerTokens: TokenResponse;
let memberTokens: TokenResponse;

beforeAll(async () => {
  await world.ownerA.caller.projectPermissions.setProjectMemberRole({
    projectId: world.projectA.id,
    userId: world.memberA.id,
    role: "viewer",
  });
  client = await OAuthTestClient.register(app, { client_name: "VS Code" });
  ownerTokens = await client.connect(world.ownerA.cookie, world.projectA.id);
  memberTokens = await client.connect(world.memberA.cookie, world.projectA.id);
});

describe("authorized clients of a project", () => {
  it("lists each person's connection with the client, scopes and dates, for project admins", async () => {
    const list = await world.adminA.caller.oauthClients.getProjectAuthorizedClients({
      projectId: world.projectA.id,
    });
    expect(list.map((row) => [row.clientName, row.userName]).sort()).toEqual(
      [
        ["VS Code", world.memberA.credentials.name],
        ["VS Code", world.ownerA.credentials.name],
      ].sort(),
    );
    for (const row of list) {
      expect(row.scopes.sort()).toEqual(["mcp", "offline_access"]);
      expect(row.authorizedAt).toBeInstanceOf(Date);
      expect(row.lastTokenAt).toBeInstanceOf(Date);
    }
  });

  it("is for project admins only", async () => {
    expect(
      await outcome(
        world.memberA.caller.oauthClients.getProjectAuthorizedClients({ projectId: world.projectA.id }),
      ),
    ).toBe("FORBIDDEN");
    expect(
      await outcome(
        world.memberA.caller.oauthClients.revokeProjectClient({
          projectId: world.projectA.id,
          clientId: client.clientId,
        }),
      ),
    ).toBe("FORBIDDEN");
    expect(await verifyOAuthAccessToken(app, ownerTokens.access_token)).not.toBeNull();
  });

  it("revokes one person's connection at once, leaving the others", async () => {
    await world.adminA.caller.oauthClients.revokeProjectClient({
      projectId: world.projectA.id,
      clientId: client.clientId,
      userId: world.memberA.id,
    });
    expect(await verifyOAuthAccessToken(app, memberTokens.access_token)).toBeNull();
    expect((await client.refresh(memberTokens.refresh_token ?? "")).status).toBe(400);
    expect(await verifyOAuthAccessToken(app, ownerTokens.access_token)).not.toBeNull();
    const list = await world.adminA.caller.oauthClients.getProjectAuthorizedClients({
      projectId: world.projectA.id,
    });
    expect(list.map((row) => row.userId)).toEqual([world.ownerA.id]);
  });

  it("revokes a client for everyone in the project, and only in that project", async () => {
    const other = await world.ownerA.caller.project.create({ organizationId: world.orgA.id, name: "Other" });
    const elsewhere = await client.connect(world.ownerA.cookie, other.id);
    await world.ownerA.caller.oauthClients.revokeProjectClient({
      projectId: world.projectA.id,
      clientId: client.clientId,
    });
    expect(await verifyOAuthAccessToken(app, ownerTokens.access_token)).toBeNull();
    expect((await client.refresh(ownerTokens.refresh_token ?? "")).status).toBe(400);
    expect(
      await world.ownerA.caller.oauthClients.getProjectAuthorizedClients({ projectId: world.projectA.id }),
    ).toEqual([]);
    expect((await verifyOAuthAccessToken(app, elsewhere.access_token))?.projectId).toBe(other.id);
    expect(
      await outcome(
        world.ownerA.caller.oauthClients.revokeProjectClient({
          projectId: world.projectA.id,
          clientId: client.clientId,
        }),
      ),
    ).toBe("NOT_FOUND");
  });
});

describe("last project chosen for a client", () => {
  it("is the latest accessible project the user picked for that client", async () => {
    const fresh = await OAuthTestClient.register(app);
    const caller = world.memberA.caller;
    expect(await caller.user.getLastOAuthProject({ clientId: fresh.clientId })).toBeNull();
    await fresh.connect(world.memberA.cookie, world.projectA.id);
    expect(await caller.user.getLastOAuthProject({ clientId: fresh.clientId })).toEqual({
      projectId: world.projectA.id,
      projectName: "Support bot",
    });
    await world.ownerA.caller.projectPermissions.removeProjectMember({
      projectId: world.projectA.id,
      userId: world.memberA.id,
    });
    expect(await caller.user.getLastOAuthProject({ clientId: fresh.clientId })).toBeNull();
  });
});

describe("consent client", () => {
  it("describes a registered client and refuses an unknown one", async () => {
    const details = await world.ownerB.caller.oauthClients.getConsentClient({ clientId: client.clientId });
    expect(details).toMatchObject({
      name: "VS Code",
      verifiedHost: null,
      redirectHosts: ["127.0.0.1:43117"],
    });
    expect(await outcome(world.ownerB.caller.oauthClients.getConsentClient({ clientId: "nope" }))).toBe(
      "NOT_FOUND",
    );
  });
});
