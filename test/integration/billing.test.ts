// Plans and their limits on one app with Stripe pointed at the local fake by configuration: signed
// webhooks applied once, checkout, seats and projects, premium integrations, a downgrade while usage
// is above the new limit, and the usage alerts at 80 % and 100 %.

import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, describe, expect, it, vi } from "vitest";
import { handleStripeWebhook, STRIPE_WEBHOOK_PATH } from "~/server/billing/stripe-webhook.ts";
import { outboxEmail, usageCounter } from "~/server/db/schema/index.ts";
import { handleRestRequest } from "~/server/gateway/rest/handle-rest.ts";
import { startStripeFake } from "../fakes/stripe.ts";
import { callerFor, createTestApp, signUp } from "../support/app.ts";
import { appForFile } from "../support/fixture.ts";
import { setPlan } from "../support/plans.ts";
import { newUser } from "../support/users.ts";
import { outcome } from "./world.ts";

const WEBHOOK_SECRET = "whsec_test_portico";
const PRICES = {
  STRIPE_PRICE_START_MONTHLY: "price_start_monthly",
  STRIPE_PRICE_START_ANNUAL: "price_start_annual",
  STRIPE_PRICE_BUSINESS_MONTHLY: "price_business_monthly",
  STRIPE_PRICE_BUSINESS_ANNUAL: "price_business_annual",
};

const signer = new Stripe("sk_test_signer");
const stripeFake = await startStripeFake();
afterAll(() => stripeFake.close());
const app = await appForFile({
  STRIPE_SECRET_KEY: "sk_test_portico",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: stripeFake.url,
  ...PRICES,
});

async function owner(label: string) {
  const cookie = await signUp(app, newUser(label));
  const caller = callerFor(app, cookie);
  const org = await caller.organization.create({ name: `${label} org` });
  return { caller, org };
}

function webhook(payload: string, signature: string) {
  return handleStripeWebhook(
    app,
    new Request(`${app.config.baseUrl}${STRIPE_WEBHOOK_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    }),
  );
}

const eventPayload = (id: string, type: string, object: unknown) =>
  JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });

async function restCall(token: string) {
  return handleRestRequest(
    app,
    new Request(`${app.config.baseUrl}/api/v1/tools/calculate`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ expression: "2+2" }),
    }),
    "/api/v1/tools/calculate",
  );
}

async function seedUsage(organizationId: string, used: number) {
  const now = new Date();
  const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  await app.db
    .insert(usageCounter)
    .values({ organizationId, periodStart, used })
    .onConflictDoUpdate({ target: [usageCounter.organizationId, usageCounter.periodStart], set: { used } });
}

async function usedOf(organizationId: string) {
  const [row] = await app.db
    .select({ used: usageCounter.used })
    .from(usageCounter)
    .where(eq(usageCounter.organizationId, organizationId));
  return Number(row?.used);
}

describe("Stripe checkout and webhooks", () => {
  it("upgrades through Checkout, applies the signed event once and ignores a redelivery", async () => {
    const { caller, org } = await owner("checkout");
    const { checkoutUrl } = await caller.billing.changePlan({
      organizationId: org.id,
      plan: "start",
      interval: "monthly",
    });
    expect(checkoutUrl).toMatch(new RegExp(`^${stripeFake.url}/checkout/cs_`));
    const sessionId = checkoutUrl?.split("/").at(-1) ?? "";
    // Paying on the fake's hosted page creates the subscription (no server listens for its event here).
    await fetch(`${stripeFake.url}/pay/${sessionId}`, { method: "POST", redirect: "manual" });
    const [stripeSubscription] = [...stripeFake.subscriptions.values()];
    expect(stripeSubscription?.metadata.organizationId).toBe(org.id);

    const session = {
      id: sessionId,
      object: "checkout.session",
      client_reference_id: org.id,
      subscription: stripeSubscription?.id,
    };
    const payload = eventPayload("evt_checkout_1", "checkout.session.completed", session);

    const forged = await webhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_wrong" }),
    );
    expect(forged.status).toBe(400);
    const flood = "x".repeat(1024 * 1024 + 1);
    expect(
      (
        await webhook(
          flood,
          signer.webhooks.generateTestHeaderString({ payload: flood, secret: WEBHOOK_SECRET }),
        )
      ).status,
    ).toBe(413);
    expect(await caller.billing.listSubscriptions({ organizationId: org.id })).toEqual([]);

    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await (await webhook(payload, signature)).json()).message).toBe("Applied");
    const [saved] = await caller.billing.listSubscriptions({ organizationId: org.id });
    expect(saved).toMatchObject({
      plan: "start",
      status: "active",
      interval: "monthly",
      stripeSubscriptionId: stripeSubscription?.id,
    });

    // Stripe redelivers the same event after the subscription moved on: the event id was applied once.
    if (stripeSubscription) stripeSubscription.status = "past_due";
    const again = await webhook(
      payload,
      signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect((await again.json()).message).toBe("Already processed");
    expect((await caller.billing.listSubscriptions({ organizationId: org.id }))[0]?.status).toBe("active");

    // A new event brings the subscription as Stripe has it now, through requirements §3's statuses.
    const update = eventPayload("evt_update_1", "customer.subscription.updated", stripeSubscription);
    await webhook(
      update,
      signer.webhooks.generateTestHeaderString({ payload: update, secret: WEBHOOK_SECRET }),
    );
    expect((await caller.billing.listSubscriptions({ organizationId: org.id }))[0]?.status).toBe("past_due");
    if (stripeSubscription) stripeSubscription.status = "canceled";
    const deleted = eventPayload("evt_deleted_1", "customer.subscription.deleted", stripeSubscription);
    await webhook(
      deleted,
      signer.webhooks.generateTestHeaderString({ payload: deleted, secret: WEBHOOK_SECRET }),
    );
    const overview = await caller.billing.getOverview({ organizationId: org.id });
    expect(overview).toMatchObject({ plan: "free", status: "canceled" });

    // Invoices come from Stripe; the portal session is Stripe's too.
    expect(overview.invoices).toHaveLength(1);
    const portal = await caller.billing.createPortalSession({ organizationId: org.id });
    expect(portal.url).toMatch(new RegExp(`^${stripeFake.url}/portal/cus_`));
  });

  it("changes the plan of a live subscription and cancels it at the period's end", async () => {
    const { caller, org } = await owner("change");
    const { checkoutUrl } = await caller.billing.changePlan({
      organizationId: org.id,
      plan: "start",
      interval: "monthly",
    });
    const sessionId = checkoutUrl?.split("/").at(-1) ?? "";
    await fetch(`${stripeFake.url}/pay/${sessionId}`, { method: "POST", redirect: "manual" });
    const stripeSubscription = [...stripeFake.subscriptions.values()].find(
      (s) => s.metadata.organizationId === org.id,
    );
    const payload = eventPayload(`evt_${org.id}`, "checkout.session.completed", {
      object: "checkout.session",
      client_reference_id: org.id,
      subscription: stripeSubscription?.id,
    });
    await webhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));

    expect(
      await caller.billing.changePlan({ organizationId: org.id, plan: "business", interval: "annual" }),
    ).toEqual({
      checkoutUrl: null,
    });
    expect((await caller.billing.listSubscriptions({ organizationId: org.id }))[0]).toMatchObject({
      plan: "business",
      interval: "annual",
    });
    await caller.billing.cancel({ organizationId: org.id });
    const overview = await caller.billing.getOverview({ organizationId: org.id });
    expect(overview).toMatchObject({ plan: "business", cancelAtPeriodEnd: true });
  });
});

describe("plan limits", () => {
  it("counts members and pending invitations as seats", async () => {
    const { caller, org } = await owner("seats");
    const refused = caller.organizationInvitations.invite({
      organizationId: org.id,
      email: "second@example.test",
      role: "member",
    });
    await expect(refused).rejects.toMatchObject({ code: "PAYMENT_REQUIRED" });
    await expect(refused).rejects.toThrow(/Free plan includes 1 seat .*\/app\/organization\/.+\/billing/);

    await setPlan(app, org.id, "start");
    for (const name of ["a", "b", "c", "d"]) {
      await caller.organizationInvitations.invite({
        organizationId: org.id,
        email: `${name}@example.test`,
        role: "member",
      });
    }
    // Renewing a pending invitation keeps its seat; a sixth person does not fit in Start's five.
    await caller.organizationInvitations.invite({
      organizationId: org.id,
      email: "a@example.test",
      role: "admin",
    });
    expect(
      await outcome(
        caller.organizationInvitations.invite({
          organizationId: org.id,
          email: "e@example.test",
          role: "member",
        }),
      ),
    ).toBe("PAYMENT_REQUIRED");
  });

  it("allows one project on Free", async () => {
    const { caller, org } = await owner("projects");
    await caller.project.create({ organizationId: org.id, name: "First" });
    const second = caller.project.create({ organizationId: org.id, name: "Second" });
    await expect(second).rejects.toMatchObject({ code: "PAYMENT_REQUIRED" });
    await expect(second).rejects.toThrow(/Free plan includes 1 project/);
  });

  it("keeps premium integrations for paid plans", async () => {
    const { caller, org } = await owner("premium");
    const project = await caller.project.create({ organizationId: org.id, name: "CRM" });
    const added = caller.projectServers.addServer({ projectId: project.id, integrationId: "salesforce" });
    await expect(added).rejects.toThrow(/Salesforce is a premium integration, not included in the Free plan/);
  });

  it("after a downgrade keeps what exists, refuses more, and refuses calls above the new quota", async () => {
    const { caller, org } = await owner("downgrade");
    await setPlan(app, org.id, "business");
    const first = await caller.project.create({ organizationId: org.id, name: "One" });
    await caller.project.create({ organizationId: org.id, name: "Two" });
    await caller.organizationInvitations.invite({
      organizationId: org.id,
      email: "x@example.test",
      role: "member",
    });
    const { secret } = await caller.apiKeys.create({ projectId: first.id, name: "agent" });
    expect((await restCall(secret)).status).toBe(200);
    await seedUsage(org.id, 40_000);
    expect((await restCall(secret)).status).toBe(200); // within Business's 3,000,000

    await setPlan(app, org.id, "free");
    const overview = await caller.billing.getOverview({ organizationId: org.id });
    expect(overview).toMatchObject({ plan: "free", usage: { projects: 2, seats: 2 } });
    expect(await outcome(caller.project.create({ organizationId: org.id, name: "Three" }))).toBe(
      "PAYMENT_REQUIRED",
    );
    expect(
      await outcome(
        caller.organizationInvitations.invite({
          organizationId: org.id,
          email: "y@example.test",
          role: "member",
        }),
      ),
    ).toBe("PAYMENT_REQUIRED");
    const refused = await restCall(secret);
    expect(refused.status).toBe(402);
    expect((await refused.json()).error).toMatchObject({
      code: "PAYMENT_REQUIRED",
      limit: "monthlyRequests",
    });

    await setPlan(app, org.id, "start");
    expect((await restCall(secret)).status).toBe(200);
  });
});

describe("usage alerts", () => {
  it("e-mails the organization's admins once at 80 % and once at 100 %, and shows the banner", async () => {
    const { caller, org } = await owner("alerts");
    const project = await caller.project.create({ organizationId: org.id, name: "Busy" });
    const { secret } = await caller.apiKeys.create({ projectId: project.id, name: "agent" });
    await seedUsage(org.id, 23_999);
    expect((await restCall(secret)).status).toBe(200); // the 24,000th: 80 %
    expect((await restCall(secret)).status).toBe(200);
    // Calls this process took ahead and did not use go back after a second idle (the counter then
    // holds just the two calls made); then jump ahead.
    await vi.waitFor(async () => expect(await usedOf(org.id)).toBe(24_001), {
      timeout: 10_000,
      interval: 50,
    });
    await seedUsage(org.id, 29_999);
    expect((await restCall(secret)).status).toBe(200); // the 30,000th: 100 %
    expect((await restCall(secret)).status).toBe(402);
    // The e-mails are sent beside the calls: wait until both are in the outbox.
    await vi.waitFor(async () => {
      const mails = await app.db.select().from(outboxEmail);
      const subjects = mails
        .map((mail) => mail.subject)
        .filter((subject) => subject.startsWith("alerts org"));
      expect(subjects.sort()).toEqual([
        "alerts org has used 80% of its monthly requests on Portico",
        "alerts org has used all its monthly requests on Portico",
      ]);
    });
    expect((await caller.billing.getOverview({ organizationId: org.id })).alertPercent).toBe(100);
    expect(await caller.billing.getUsageAlert({ organizationId: org.id })).toEqual({ percent: 100 });
  });
});

describe("without Stripe", () => {
  it("says so, and lets site admins set a plan by hand", async () => {
    const plain = await createTestApp();
    try {
      const admin = callerFor(plain, await signUp(plain, newUser("site-admin"))); // the first user
      const user = callerFor(plain, await signUp(plain, newUser("customer")));
      const org = await user.organization.create({ name: "Customer" });
      expect(await user.billing.getOverview({ organizationId: org.id })).toMatchObject({
        stripeConfigured: false,
        plan: "free",
      });
      await expect(
        user.billing.changePlan({ organizationId: org.id, plan: "start", interval: "monthly" }),
      ).rejects.toThrow(/a site administrator sets the plan by hand/);
      expect(
        await outcome(
          user.admin.setOrganizationPlan({ organizationId: org.id, plan: "business", interval: "annual" }),
        ),
      ).toBe("FORBIDDEN");
      await admin.admin.setOrganizationPlan({ organizationId: org.id, plan: "business", interval: "annual" });
      const listed = (await admin.admin.getAllOrganizations()).find((row) => row.id === org.id);
      expect(listed).toMatchObject({ plan: "business", status: "active", interval: "annual", seats: 1 });
      expect(await user.billing.listSubscriptions({ organizationId: org.id })).toMatchObject([
        { plan: "business", status: "active", stripeSubscriptionId: null },
      ]);
      expect(
        await outcome(
          admin.admin.setOrganizationPlan({ organizationId: "missing", plan: "free", interval: "monthly" }),
        ),
      ).toBe("NOT_FOUND");
    } finally {
      await plain.database.close();
    }
  });
});
