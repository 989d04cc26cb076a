// API keys: shown once, stored only as a hash, listed masked, guarded by project role.
import { describe, expect, it } from "vitest";
import { dumpDatabase } from "../support/dump.ts";
import { outcome, worldForFile } from "./world.ts";

const { app, world } = await worldForFile();

describe("API keys", () => {
  it("returns the secret once and lists the key masked, with its creator", async () => {
    const created = await world.ownerA.caller.apiKeys.create({
      projectId: world.projectA.id,
      name: "Cursor",
    });
    expect(created.secret).toMatch(/^ptk_[A-Za-z0-9_-]{43}$/);
    expect(created.masked).toBe(`${created.secret.slice(0, 12)}…${created.secret.slice(-4)}`);
    const listed = await world.ownerA.caller.apiKeys.getUserApiKeysMasked({ projectId: world.projectA.id });
    const key = listed.find((item) => item.id === created.id);
    expect(key).toMatchObject({
      name: "Cursor",
      masked: created.masked,
      status: "active",
      lastUsedAt: null,
      createdBy: { id: world.ownerA.id },
    });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
  });

  it("never stores a secret in plaintext: a dump of every table lacks all of them", async () => {
    const secrets = await Promise.all(
      ["one", "two", "three"].map(
        async (name) =>
          (await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name })).secret,
      ),
    );
    const dump = await dumpDatabase(app.db);
    expect(dump).toContain("ptk_"); // the visible prefixes are there…
    for (const secret of secrets) {
      expect(dump).not.toContain(secret); // …the secrets are not,
      expect(dump).not.toContain(secret.slice(12, -4)); // nor their hidden middle.
    }
  });

  it("snippets offer only the caller's own active keys", async () => {
    const mine = await world.adminA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Mine" });
    const revoked = await world.adminA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Old" });
    await world.adminA.caller.apiKeys.revoke({ projectId: world.projectA.id, keyId: revoked.id });
    const snippets = await world.adminA.caller.apiKeys.getUserApiKeysForSnippets({
      projectId: world.projectA.id,
    });
    expect(snippets).toEqual([{ id: mine.id, name: "Mine", masked: mine.masked }]);
  });

  it("viewers see keys but cannot create or revoke them", async () => {
    const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Shared" });
    await world.ownerA.caller.projectPermissions.setProjectMemberRole({
      projectId: world.projectA.id,
      userId: world.memberA.id,
      role: "viewer",
    });
    const viewer = world.memberA.caller;
    expect(
      (await viewer.apiKeys.getUserApiKeysMasked({ projectId: world.projectA.id })).length,
    ).toBeGreaterThan(0);
    expect(await outcome(viewer.apiKeys.create({ projectId: world.projectA.id, name: "Nope" }))).toBe(
      "FORBIDDEN",
    );
    expect(await outcome(viewer.apiKeys.revoke({ projectId: world.projectA.id, keyId: key.id }))).toBe(
      "FORBIDDEN",
    );
  });

  it("validates the name and refuses an expiry in the past", async () => {
    expect(
      await outcome(world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "  " })),
    ).toBe("BAD_REQUEST");
    expect(
      await outcome(
        world.ownerA.caller.apiKeys.create({
          projectId: world.projectA.id,
          name: "Past",
          expiresAt: new Date(Date.now() - 60_000),
        }),
      ),
    ).toBe("BAD_REQUEST");
  });

  it("revoking is idempotent and an unknown key is NOT_FOUND", async () => {
    const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Twice" });
    await world.ownerA.caller.apiKeys.revoke({ projectId: world.projectA.id, keyId: key.id });
    await world.ownerA.caller.apiKeys.revoke({ projectId: world.projectA.id, keyId: key.id });
    const listed = await world.ownerA.caller.apiKeys.getUserApiKeysMasked({ projectId: world.projectA.id });
    expect(listed.find((item) => item.id === key.id)?.status).toBe("revoked");
    expect(
      await outcome(world.ownerA.caller.apiKeys.revoke({ projectId: world.projectA.id, keyId: "nope" })),
    ).toBe("NOT_FOUND");
  });
});
