// Who may read an organization's audit log (owners and admins; members are told why not; outsiders learn
// nothing), how it pages and filters, where an event's address comes from, and retention.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordAuditEvent } from "~/server/audit/record-audit-event.ts";
import { pruneAuditEvents } from "~/server/audit/retention.ts";
import { auditEvent } from "~/server/db/schema/index.ts";
import { CLIENT_ADDRESS_HEADER } from "~/server/http/client-address.ts";
import { createCallerFactory, createContext } from "~/server/trpc/init.ts";
import { appRouter } from "~/server/trpc/root.ts";
import { headersFor } from "../support/app.ts";
import { outcome, worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
const orgA = world.orgA.id;
const list = (filters: Record<string, string> = {}, cursor: string | null = null) =>
  world.adminA.caller.auditLog.list({ organizationId: orgA, filters, cursor });

describe("audit log access", () => {
  it("is open to owners and admins", async () => {
    expect(
      (await world.ownerA.caller.auditLog.list({ organizationId: orgA, filters: {} })).items.length,
    ).toBeGreaterThan(0);
    expect((await list()).items.length).toBeGreaterThan(0);
  });

  it("refuses members with FORBIDDEN and says why", async () => {
    await expect(
      world.memberA.caller.auditLog.list({ organizationId: orgA, filters: {} }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Only owners and admins of this organization can see its audit log.",
    });
    expect(await outcome(world.memberA.caller.auditLog.actors({ organizationId: orgA }))).toBe("FORBIDDEN");
  });

  it("never shows one organization's events to another's owner, whatever the filters", async () => {
    expect(await outcome(world.ownerB.caller.auditLog.list({ organizationId: orgA, filters: {} }))).toBe(
      "NOT_FOUND",
    );
    const own = await world.ownerB.caller.auditLog.list({
      organizationId: world.orgB.id,
      filters: { projectId: world.projectA.id, actorId: world.ownerA.id },
    });
    expect(own.items).toEqual([]);
    const all = await world.ownerB.caller.auditLog.list({ organizationId: world.orgB.id, filters: {} });
    expect(all.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(all)).not.toContain(orgA);
    expect(JSON.stringify(all)).not.toContain(world.ownerA.credentials.email);
    const actors = await world.ownerB.caller.auditLog.actors({ organizationId: world.orgB.id });
    expect(actors.map((a) => a.id)).toEqual([world.ownerB.id]);
  });
});

describe("audit log pages and filters", () => {
  it("pages newest first through every event once, with a cursor", async () => {
    // 120 events over two minutes, some sharing a millisecond: the cursor must not lose or repeat one.
    const start = Date.parse("2026-06-01T12:00:00Z");
    for (let index = 0; index < 120; index++) {
      await app.db.insert(auditEvent).values({
        organizationId: orgA,
        action: "organization.settings_changed",
        actorUserId: world.ownerA.id,
        targetLabel: `bulk ${index}`,
        createdAt: new Date(start + Math.floor(index / 3) * 1000),
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let previous = Number.POSITIVE_INFINITY;
    do {
      const page = await list({ group: "organization", to: "2026-06-02T00:00:00Z" }, cursor);
      for (const item of page.items) {
        expect(item.createdAt.getTime()).toBeLessThanOrEqual(previous);
        previous = item.createdAt.getTime();
        seen.push(item.targetLabel ?? "");
      }
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(120);
    expect(seen[0]).toMatch(/^bulk 11[789]$/);
  });

  it("refuses a forged cursor and a reversed date range with a clear message", async () => {
    await expect(list({}, "not-a-cursor")).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(list({ from: "2026-06-02T00:00:00Z", to: "2026-06-01T00:00:00Z" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("filters by action group, actor, project and date range", async () => {
    const members = await list({ group: "members" });
    expect(members.items.length).toBeGreaterThan(0);
    expect(members.items.every((e) => /^(member|invitation)\./.test(e.action))).toBe(true);
    const byAdmin = await list({ actorId: world.adminA.id });
    expect(byAdmin.items.map((e) => e.action)).toEqual(["invitation.accepted"]);
    const inProject = await list({ projectId: world.projectA.id });
    expect(inProject.items.map((e) => e.action)).toEqual(["project.created"]);
    const june = await list({ from: "2026-06-01T12:00:30Z", to: "2026-06-01T12:00:31Z" });
    expect(june.items.map((e) => e.targetLabel).sort()).toEqual(["bulk 90", "bulk 91", "bulk 92"]);
    const actors = await list({ group: "api_keys" });
    expect(actors.items).toEqual([]);
  });

  it("lists the actors who appear in the log", async () => {
    const actors = await world.ownerA.caller.auditLog.actors({ organizationId: orgA });
    expect(actors.map((a) => a.id).sort()).toEqual(
      [world.adminA.id, world.memberA.id, world.ownerA.id].sort(),
    );
  });
});

describe("audit event origin and contents", () => {
  it("keeps the client address the server established and the user agent of the request", async () => {
    const headers = headersFor(world.ownerA.cookie, app.config.baseUrl);
    headers.set(CLIENT_ADDRESS_HEADER, "203.0.113.7");
    headers.set("user-agent", "Mozilla/5.0 (AuditTest)");
    const caller = createCallerFactory(appRouter)(() => createContext(app, headers));
    const created = await caller.project.create({ organizationId: orgA, name: "From a known address" });
    const [row] = await app.db.select().from(auditEvent).where(eq(auditEvent.targetId, created.id));
    expect(row).toMatchObject({
      action: "project.created",
      ipAddress: "203.0.113.7",
      userAgent: "Mozilla/5.0 (AuditTest)",
    });
  });

  it("drops secret-named, nested and oversized details before they are stored", async () => {
    await recordAuditEvent(app.db, {
      organizationId: orgA,
      action: "credentials.updated",
      actorId: null,
      details: {
        provider: "hubspot",
        clientSecret: "cs-should-not-be-stored",
        accessToken: "at-should-not-be-stored",
        password: "pw-should-not-be-stored",
        apiKey: "sk-should-not-be-stored",
        values: { clientSecret: "nested-should-not-be-stored" },
        note: "x".repeat(5000),
      },
    });
    const [row] = await app.db.select().from(auditEvent).where(eq(auditEvent.action, "credentials.updated"));
    expect(row?.actorUserId).toBeNull();
    expect(Object.keys(row?.details ?? {}).sort()).toEqual(["note", "provider"]);
    expect(String(row?.details.note)).toHaveLength(200);
    expect(JSON.stringify(row)).not.toContain("should-not-be-stored");
  });

  it("goes with its organization when the organization is deleted", async () => {
    const temp = await world.ownerB.caller.organization.create({ name: "Short-lived" });
    await world.ownerB.caller.organization.delete({ id: temp.id });
    expect(await app.db.select().from(auditEvent).where(eq(auditEvent.organizationId, temp.id))).toEqual([]);
  });
});

describe("audit log retention", () => {
  it("prunes events older than the retention, keeping younger ones", async () => {
    const now = new Date("2027-07-01T00:00:00Z");
    await app.db.insert(auditEvent).values([
      {
        organizationId: orgA,
        action: "project.created",
        targetLabel: "ancient",
        createdAt: new Date("2026-06-30T23:59:00Z"),
      },
      {
        organizationId: orgA,
        action: "project.created",
        targetLabel: "recent",
        createdAt: new Date("2026-07-01T00:01:00Z"),
      },
    ]);
    const deleted = await pruneAuditEvents(app.db, { now, retentionDays: 365 });
    expect(deleted).toBeGreaterThanOrEqual(1);
    const labels = (await app.db.select({ label: auditEvent.targetLabel }).from(auditEvent)).map(
      (r) => r.label,
    );
    expect(labels).toContain("recent");
    expect(labels).not.toContain("ancient");
    await expect(pruneAuditEvents(app.db, { retentionDays: 0 })).rejects.toThrow(/at least 1/);
  });
});
