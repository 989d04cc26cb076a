// Management tokens: created by owners and admins, shown once, authenticated by hash for the management
// API, refused once revoked or expired or when their creator lost the role, invisible to other
// organizations, audited, and refused on /mcp and /api/v1 with a message saying where they belong.
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { auditEvent, managementToken } from "~/server/db/schema/index.ts";
import { handleRestRequest } from "~/server/gateway/rest/handle-rest.ts";
import { authenticateManagementToken, MANAGEMENT_TOKEN_REFUSED } from "~/server/manage-tokens/index.ts";
import { LAST_USED_PRECISION_MS } from "~/server/manage-tokens/last-used.ts";
import { dumpDatabase } from "../support/dump.ts";
import { mcpPost } from "../support/mcp-client.ts";
import { join, outcome, person, worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
const organizationId = world.orgA.id;

const create = (
  who = world.ownerA,
  input: { name?: string; scopes?: string[]; expiresAt?: string | null } = {},
) =>
  who.caller.managementTokens.create({
    organizationId,
    name: input.name ?? "Backend provisioning",
    scopes: (input.scopes ?? ["projects:write", "calls:read"]) as never,
    expiresAt: input.expiresAt,
  });

describe("management tokens", () => {
  it("create → authenticate → revoke → refused, with the secret shown once and stored hashed", async () => {
    const created = await create();
    expect(created.secret).toMatch(/^pmt_[A-Za-z0-9_-]{43}$/);
    expect(created.masked).toBe(`${created.secret.slice(0, 12)}…${created.secret.slice(-4)}`);
    expect(created.scopes).toEqual(["projects:write", "calls:read"]);

    expect(await authenticateManagementToken(app, created.secret)).toEqual({
      tokenId: created.id,
      organizationId,
      scopes: ["projects:write", "calls:read"],
      createdByUserId: world.ownerA.id,
    });

    const listed = await world.adminA.caller.managementTokens.list({ organizationId });
    expect(listed.find((token) => token.id === created.id)).toMatchObject({
      name: "Backend provisioning",
      masked: created.masked,
      status: "active",
      createdBy: { id: world.ownerA.id },
      expiresAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const dump = await dumpDatabase(app.db);
    expect(dump).not.toContain(created.secret);
    expect(dump).not.toContain(created.secret.slice(12, -4));

    // Revoked by an admin (not its creator): refused at once, though the token was cached.
    await world.adminA.caller.managementTokens.revoke({ organizationId, tokenId: created.id });
    expect(await authenticateManagementToken(app, created.secret)).toBeNull();
    const after = await world.ownerA.caller.managementTokens.list({ organizationId });
    expect(after.find((token) => token.id === created.id)?.status).toBe("revoked");
    // Revoking again changes nothing.
    await world.ownerA.caller.managementTokens.revoke({ organizationId, tokenId: created.id });
  });

  it("refuses an expired token, and an expiry in the past at creation", async () => {
    const created = await create(world.ownerA, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect(await authenticateManagementToken(app, created.secret)).not.toBeNull();
    await app.db
      .update(managementToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(managementToken.id, created.id));
    // A fresh read (the cached entry carried the old expiry), as another replica would make.
    const { forgetRevokedToken } = await import("~/server/manage-tokens/management-token-cache.ts");
    await forgetRevokedToken(app, created.id);
    expect(await authenticateManagementToken(app, created.secret)).toBeNull();
    const listed = await world.ownerA.caller.managementTokens.list({ organizationId });
    expect(listed.find((token) => token.id === created.id)?.status).toBe("expired");

    expect(
      await outcome(create(world.ownerA, { expiresAt: new Date(Date.now() - 60_000).toISOString() })),
    ).toBe("BAD_REQUEST");
  });

  it("refuses malformed and unknown tokens, and API keys", async () => {
    const apiKey = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
    expect(await authenticateManagementToken(app, apiKey.secret)).toBeNull();
    expect(await authenticateManagementToken(app, `pmt_${"x".repeat(43)}`)).toBeNull();
    expect(await authenticateManagementToken(app, "pmt_short")).toBeNull();
    expect(await authenticateManagementToken(app, "")).toBeNull();
  });

  it("only owners and admins create, list and revoke; members are told why", async () => {
    const token = await create(world.adminA);
    const member = world.memberA.caller.managementTokens;
    expect(await outcome(member.list({ organizationId }))).toBe("FORBIDDEN");
    expect(await outcome(member.create({ organizationId, name: "x", scopes: ["read"] }))).toBe("FORBIDDEN");
    expect(await outcome(member.revoke({ organizationId, tokenId: token.id }))).toBe("FORBIDDEN");
    await expect(member.list({ organizationId })).rejects.toThrow(
      "Only owners and admins of this organization can manage its management tokens.",
    );
  });

  it("another organization's owner can neither see nor revoke a token", async () => {
    const token = await create();
    const other = world.ownerB.caller.managementTokens;
    expect(await outcome(other.list({ organizationId }))).toBe("NOT_FOUND");
    expect(await outcome(other.revoke({ organizationId, tokenId: token.id }))).toBe("NOT_FOUND");
    // Naming their own organization with this token's id finds nothing either.
    expect(await outcome(other.revoke({ organizationId: world.orgB.id, tokenId: token.id }))).toBe(
      "NOT_FOUND",
    );
    expect(await other.list({ organizationId: world.orgB.id })).toEqual([]);
    expect(await authenticateManagementToken(app, token.secret)).toMatchObject({ organizationId });
  });

  it("stops working at once when its creator is no longer an owner or admin", async () => {
    const admin = await person(app, "admin-demoted");
    await join(world.ownerA, admin, organizationId, "admin");
    const token = await create(admin);
    expect(await authenticateManagementToken(app, token.secret)).not.toBeNull();
    const members = await world.ownerA.caller.organizationMember.getMembersByOrganizationId({
      organizationId,
    });
    const memberId = members.find((member) => member.userId === admin.id)?.id ?? "";
    await world.ownerA.caller.organizationMember.changeRole({ organizationId, memberId, role: "member" });
    expect(await authenticateManagementToken(app, token.secret)).toBeNull();
  });

  it("validates the input: name, scopes", async () => {
    expect(await outcome(create(world.ownerA, { name: "  " }))).toBe("BAD_REQUEST");
    expect(await outcome(create(world.ownerA, { scopes: [] }))).toBe("BAD_REQUEST");
    expect(await outcome(create(world.ownerA, { scopes: ["projects:admin"] }))).toBe("BAD_REQUEST");
    // Redundant scopes are stored as the fewest meaning the same.
    const token = await create(world.ownerA, { scopes: ["projects:read", "projects:write", "read"] });
    expect(token.scopes).toEqual(["read", "projects:write"]);
  });

  it("records creation and revocation in the audit log, masked", async () => {
    const token = await create(world.adminA, { name: "Audited" });
    await world.ownerA.caller.managementTokens.revoke({ organizationId, tokenId: token.id });
    const rows = await app.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.organizationId, organizationId), eq(auditEvent.targetId, token.id)));
    const byAction = Object.fromEntries(rows.map((row) => [row.action, row]));
    expect(byAction["management_token.created"]).toMatchObject({
      actorUserId: world.adminA.id,
      targetType: "management_token",
      targetLabel: "Audited",
      details: { masked: token.masked, scopes: "projects:write calls:read", expiresAt: null },
    });
    expect(byAction["management_token.revoked"]).toMatchObject({
      actorUserId: world.ownerA.id,
      details: { masked: token.masked },
    });
    expect(JSON.stringify(rows)).not.toContain(token.secret);
  });

  it("writes last used at once a minute, not on every request", async () => {
    const token = await create();
    const lastUsed = async () =>
      (await app.db.select().from(managementToken).where(eq(managementToken.id, token.id)))[0]?.lastUsedAt;
    await authenticateManagementToken(app, token.secret);
    // Written in the background: wait for it.
    const first = await vi.waitFor(
      async () => {
        const written = await lastUsed();
        expect(written).toBeInstanceOf(Date);
        return written;
      },
      { timeout: 5_000, interval: 10 },
    );
    for (let index = 0; index < 20; index++) await authenticateManagementToken(app, token.secret);
    // Nothing should be written, so there is no event to wait for: a short fixed pause stands for it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await lastUsed()).toEqual(first);
    expect(LAST_USED_PRECISION_MS).toBe(60_000);
  });
});

describe("management tokens on the tool doors", () => {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  };

  it("/mcp refuses a valid management token with 401 saying what it is for", async () => {
    const token = await create();
    const response = await mcpPost(app, initialize, { authorization: `Bearer ${token.secret}` });
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.error.message).toBe(MANAGEMENT_TOKEN_REFUSED);
    expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("/api/v1 refuses one the same way", async () => {
    const token = await create();
    const request = new Request(`${app.config.baseUrl}/api/v1/openapi.json`, {
      headers: { authorization: `Bearer ${token.secret}`, host: new URL(app.config.baseUrl).host },
    });
    const response = await handleRestRequest(app, request, "/api/v1/openapi.json");
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toBe(MANAGEMENT_TOKEN_REFUSED);
  });
});
