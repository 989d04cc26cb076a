// Webhooks for builders (builder-webhooks/): an owner's endpoint receives events signed to the Standard
// Webhooks spec (the receiver verifies them with the `standardwebhooks` library); a failing receiver is
// retried through pg-boss and every attempt is recorded with its answer; a private address is refused
// when private URLs are not allowed, at creation and at delivery; another organization reaches none of
// it; rotating the secret changes what verifies; the audit log records create, update, rotate, delete.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "~/server/app.ts";
import { attemptDelivery } from "~/server/builder-webhooks/deliver.ts";
import { createEndpoint, getEndpoint, listDeliveries } from "~/server/builder-webhooks/index.ts";
import { auditEvent, webhookDelivery, webhookEndpoint } from "~/server/db/schema/index.ts";
import { startWebhookReceiver } from "../fakes/webhook-receiver.ts";
import { outcome, worldForFile } from "./world.ts";

const receiver = await startWebhookReceiver();
const { app, world } = await worldForFile(
  { ALLOW_PRIVATE_URLS: "true" },
  { webhookDelivery: { retryDelaySeconds: 1, pollSeconds: 0.5 } },
);
afterAll(async () => {
  await app.agentSchedules.queue.stop();
  await receiver.close();
});
const orgId = world.orgA.id;
const owner = world.ownerA.caller;

async function endpointAt(path: string, extra: { eventTypes?: string[] } = {}) {
  const created = await owner.webhooks.createEndpoint({
    organizationId: orgId,
    url: `${receiver.url}${path}`,
    description: `Receiver ${path}`,
    eventTypes: (extra.eventTypes ?? ["connection.connected", "connection.broken"]) as never,
  });
  receiver.secrets.set(path, created.secret);
  return created;
}

const deliveriesOf = (endpointId: string) =>
  owner.webhooks.listDeliveries({ organizationId: orgId, endpointId }).then((page) => page.items);

describe("builder webhooks", () => {
  it("signs a test event so that the standardwebhooks library verifies it, and records the answer", async () => {
    const { endpoint, secret } = await endpointAt("/ok");
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    // The secret is shown once: it is in no later answer, and stored encrypted.
    expect(
      JSON.stringify(await owner.webhooks.getEndpoint({ organizationId: orgId, endpointId: endpoint.id })),
    ).not.toContain(secret.slice(6));
    const [stored] = await app.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, endpoint.id));
    expect(stored?.secret).not.toContain(secret.slice(6));

    await owner.webhooks.sendTestEvent({ organizationId: orgId, endpointId: endpoint.id });
    await expect
      .poll(() => receiver.received.filter((r) => r.path === "/ok").length, { timeout: 15_000 })
      .toBe(1);
    const [got] = receiver.received.filter((r) => r.path === "/ok");
    expect(got).toMatchObject({ verified: true, answered: 200 });
    expect(got?.event).toMatchObject({
      type: "webhook.test",
      organizationId: orgId,
      data: { endpointId: endpoint.id },
    });
    expect(got?.id).toBe(got?.event?.id);
    expect(got?.request.headers["content-type"]).toBe("application/json");

    await expect
      .poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, { timeout: 10_000 })
      .toBe("succeeded");
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery?.attempts).toEqual([
      expect.objectContaining({ number: 1, responseStatus: 200, responseBody: '{"ok":true}', error: null }),
    ]);
  });

  it("retries a failing receiver with backoff and records each attempt; redelivery keeps the event id", async () => {
    const { endpoint } = await endpointAt("/flaky");
    receiver.plans.set("/flaky", [500, 200]);
    await owner.webhooks.sendTestEvent({ organizationId: orgId, endpointId: endpoint.id });
    await expect
      .poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, { timeout: 30_000 })
      .toBe("succeeded");
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery?.attempts.map((a) => [a.number, a.responseStatus, a.responseBody])).toEqual([
      [1, 500, '{"error":"planned 500"}'],
      [2, 200, '{"ok":true}'],
    ]);
    // The retry came later (pg-boss's delay), not at once.
    const [first, second] = delivery?.attempts ?? [];
    expect((second?.startedAt.getTime() ?? 0) - (first?.startedAt.getTime() ?? 0)).toBeGreaterThanOrEqual(
      900,
    );
    const hits = receiver.received.filter((r) => r.path === "/flaky");
    expect(hits.map((r) => r.verified)).toEqual([true, true]);
    expect(new Set(hits.map((r) => r.id)).size).toBe(1);

    // Redeliver: the same webhook-id again, newly signed, and a third attempt on the same delivery.
    await owner.webhooks.redeliver({ organizationId: orgId, deliveryId: delivery?.id ?? "" });
    await expect
      .poll(async () => (await deliveriesOf(endpoint.id))[0]?.attempts.length, { timeout: 15_000 })
      .toBe(3);
    const again = receiver.received.filter((r) => r.path === "/flaky");
    expect(again.at(-1)).toMatchObject({ verified: true, id: hits[0]?.id });
  });

  it("signs with the new secret only once it is rotated", async () => {
    const { endpoint, secret: old } = await endpointAt("/rotated");
    const rotated = await owner.webhooks.rotateSecret({ organizationId: orgId, endpointId: endpoint.id });
    expect(rotated.secret).not.toBe(old);
    receiver.secrets.set("/rotated", old);
    await owner.webhooks.sendTestEvent({ organizationId: orgId, endpointId: endpoint.id });
    await expect
      .poll(() => receiver.received.filter((r) => r.path === "/rotated").length, { timeout: 15_000 })
      .toBe(1);
    expect(receiver.received.find((r) => r.path === "/rotated")).toMatchObject({
      verified: false,
      answered: 401,
    });
    receiver.secrets.set("/rotated", rotated.secret);
    await expect
      .poll(() => receiver.received.filter((r) => r.path === "/rotated" && r.verified).length, {
        timeout: 15_000,
      })
      .toBe(1);
  });

  it("refuses a private address when private URLs are not allowed, at creation and at delivery", async () => {
    const strict = await createApp({ ...app.config, allowPrivateUrls: false }, app.database);
    try {
      for (const url of [
        `${receiver.url}/private`,
        "http://localhost:8080/hook",
        "http://10.0.0.5/hook",
        "http://[::1]/hook",
      ]) {
        await expect(
          createEndpoint(strict, { organizationId: orgId }, { url, eventTypes: ["connection.broken"] }),
        ).rejects.toMatchObject({ code: "BAD_REQUEST" });
      }
      // An endpoint saved while allowed (a development database moved to production): delivery refuses.
      const { endpoint } = await endpointAt("/private");
      const [row] = await strict.db
        .insert(webhookDelivery)
        .values({
          organizationId: orgId,
          endpointId: endpoint.id,
          eventId: "evt_private",
          eventType: "webhook.test",
          payload: { id: "evt_private" },
          createdAt: new Date(),
        })
        .returning();
      await attemptDelivery(strict, row?.id ?? "", { lastAttempt: true });
      const [delivery] = (
        await listDeliveries(strict, { organizationId: orgId }, { endpointId: endpoint.id })
      ).items;
      expect(delivery).toMatchObject({ status: "failed" });
      expect(delivery?.attempts[0]).toMatchObject({
        responseStatus: null,
        error: expect.stringContaining("not allowed"),
      });
      expect(receiver.received.some((r) => r.path === "/private")).toBe(false);
    } finally {
      await strict.gateway.stop();
    }
  });

  it("keeps every endpoint and delivery from other organizations and from members", async () => {
    const { endpoint } = await endpointAt("/tenancy");
    const [delivery] = await app.db.select().from(webhookDelivery).limit(1);
    const a = { organizationId: orgId, endpointId: endpoint.id };
    const calls = (c: typeof owner, organizationId: string) => [
      c.webhooks.getEndpoint({ ...a, organizationId }),
      c.webhooks.updateEndpoint({ ...a, organizationId, enabled: false }),
      c.webhooks.rotateSecret({ ...a, organizationId }),
      c.webhooks.sendTestEvent({ ...a, organizationId }),
      c.webhooks.listDeliveries({ ...a, organizationId }),
      c.webhooks.redeliver({ organizationId, deliveryId: delivery?.id ?? "" }),
      c.webhooks.deleteEndpoint({ ...a, organizationId }),
    ];
    // Organization B's owner, naming A (not a member) or naming B with A's ids (not found in B).
    for (const call of [...calls(world.ownerB.caller, orgId), ...calls(world.ownerB.caller, world.orgB.id)]) {
      expect(await outcome(call)).toBe("NOT_FOUND");
    }
    const listedInB = await world.ownerB.caller.webhooks.listEndpoints({ organizationId: world.orgB.id });
    expect(listedInB.items).toEqual([]);
    // A member of A may not manage webhooks (they see every event of the organization).
    for (const call of calls(world.memberA.caller, orgId)) expect(await outcome(call)).toBe("FORBIDDEN");
    // The service functions confine themselves to the organization they are given.
    await expect(
      getEndpoint(app, { organizationId: world.orgB.id }, { endpointId: endpoint.id }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // A's endpoint is untouched.
    expect(await owner.webhooks.getEndpoint(a)).toMatchObject({
      enabled: true,
      url: `${receiver.url}/tenancy`,
    });
    // Filters must name A's own projects and agents.
    expect(
      await outcome(
        owner.webhooks.createEndpoint({
          organizationId: orgId,
          url: `${receiver.url}/x`,
          eventTypes: ["agent.run.finished"],
          projectId: world.projectB.id,
        }),
      ),
    ).toBe("BAD_REQUEST");
  });

  it("pages endpoints by cursor and validates input", async () => {
    const first = await owner.webhooks.listEndpoints({ organizationId: orgId, limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await owner.webhooks.listEndpoints({
      organizationId: orgId,
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(second.items.map((e) => e.id)).not.toContain(first.items[0]?.id);
    expect(await outcome(owner.webhooks.listEndpoints({ organizationId: orgId, cursor: "garbage" }))).toBe(
      "BAD_REQUEST",
    );
    for (const bad of [
      { url: "ftp://example.test/x", eventTypes: ["connection.broken"] },
      { url: "https://example.test/x", eventTypes: [] },
      { url: "https://example.test/x", eventTypes: ["no.such.event"] },
    ]) {
      expect(await outcome(owner.webhooks.createEndpoint({ organizationId: orgId, ...bad } as never))).toBe(
        "BAD_REQUEST",
      );
    }
  });

  it("records creating, changing, rotating and deleting an endpoint in the audit log", async () => {
    const { endpoint } = await endpointAt("/audited");
    await owner.webhooks.updateEndpoint({
      organizationId: orgId,
      endpointId: endpoint.id,
      description: "Renamed",
    });
    await owner.webhooks.rotateSecret({ organizationId: orgId, endpointId: endpoint.id });
    await owner.webhooks.deleteEndpoint({ organizationId: orgId, endpointId: endpoint.id });
    const events = await app.db.select().from(auditEvent).where(eq(auditEvent.targetId, endpoint.id));
    expect(events.map((e) => e.action).sort()).toEqual(
      ["webhook.created", "webhook.deleted", "webhook.secret_rotated", "webhook.updated"].sort(),
    );
    expect(
      events.every((e) => e.actorUserId === world.ownerA.id && e.targetType === "webhook_endpoint"),
    ).toBe(true);
    expect(JSON.stringify(events)).not.toContain("whsec_");
    expect(
      await outcome(owner.webhooks.getEndpoint({ organizationId: orgId, endpointId: endpoint.id })),
    ).toBe("NOT_FOUND");
  });
});
