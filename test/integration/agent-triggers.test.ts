// Agents started by a webhook (issue 39): a trigger's URL carries a secret shown once; a POST with it
// starts one run of the trigger's request with the body as context, acting as the member who made it,
// and a redelivery of the same delivery id starts nothing more. A wrong secret, or a regenerated one's
// old URL, is refused. The run's answer is e-mailed to the members the trigger names.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { agentRun, outboxEmail } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { hubspotDelivery, hubspotEvent } from "../fakes/hubspot-webhooks.ts";
import { agentsWorld } from "./agents-world.ts";
import { outcome } from "./world.ts";

const { app, world, fake, saveOpenAiCredential, neoWith, waitForRun } = await agentsWorld();
let agentId = "";
const HUBSPOT_CLIENT_SECRET = "hubspot-client-secret-0123";

const post = (url: string, body: string, headers: Record<string, string> = {}) => {
  const request = new Request(url, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });
  return handleApiRequest(app, request, new URL(url).pathname) as Promise<Response>;
};

const threeTurns = (answer: string) => [
  { text: "Triage the new support ticket." },
  { text: '{"servers":["srv-crm"]}' },
  { text: "1. Read the ticket" },
  { text: answer },
];

const runsOf = (triggerId: string) => app.db.select().from(agentRun).where(eq(agentRun.triggerId, triggerId));

beforeAll(async () => {
  agentId = (await neoWith((await saveOpenAiCredential()).id)).id;
});

describe("webhook triggers", () => {
  it("starts one run per delivery id with the body as context, as the member who made it", async () => {
    const created = await world.ownerA.caller.projectAgents.createTrigger({
      projectId: world.projectA.id,
      agentId,
      source: "webhook",
      name: "Zendesk",
      request: "Triage this ticket",
      deliverTo: [world.adminA.id],
    });
    expect(created.url).toMatch(new RegExp(`/api/agent-triggers/${created.id}/[A-Za-z0-9_-]{43}$`));
    // Listed without its URL: the secret is shown once.
    const listed = await world.adminA.caller.projectAgents.listTriggers({
      projectId: world.projectA.id,
      agentId,
    });
    expect(listed).toEqual([expect.objectContaining({ id: created.id, name: "Zendesk", mine: false })]);
    expect(JSON.stringify(listed)).not.toContain(created.url.split("/").at(-1));

    fake.script(threeTurns("Ticket 42 is a billing question: routed to finance."));
    const body = JSON.stringify({ ticket: { id: 42, subject: "Refund please" } });
    const first = await post(created.url, body, { "x-delivery-id": "evt-1" });
    expect(first.status).toBe(202);
    const { runId } = (await first.json()) as { runId: string };
    const { run } = await waitForRun(runId);
    expect(run).toMatchObject({ channel: "trigger", status: "completed" });
    expect(run.request).toContain("Triage this ticket");
    expect(run.request).toContain('"subject":"Refund please"');
    const [stored] = await runsOf(created.id);
    expect(stored?.userId).toBe(world.ownerA.id);

    // The same delivery again: the same run, nothing new.
    const again = await post(created.url, body, { "x-delivery-id": "evt-1" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ runId, duplicate: true });
    expect(await runsOf(created.id)).toHaveLength(1);

    // The answer is e-mailed to the chosen member.
    await vi.waitFor(async () => {
      const mail = await app.db
        .select()
        .from(outboxEmail)
        .where(eq(outboxEmail.to, world.adminA.credentials.email));
      expect(mail.map((each) => each.text).join()).toContain("routed to finance");
    });
  });

  it("refuses a wrong secret, an unknown trigger and the old URL after regenerating", async () => {
    const { id, url } = await world.ownerA.caller.projectAgents.createTrigger({
      projectId: world.projectA.id,
      agentId,
      source: "webhook",
      name: "Forms",
      request: "File this form",
    });
    const wrong = url.replace(/[^/]+$/, "A".repeat(43));
    const refused = await post(wrong, "{}");
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toContain("not valid");
    expect((await post(url.replace(id, "no-such-trigger"), "{}")).status).toBe(401);

    const renewed = await world.ownerA.caller.projectAgents.regenerateTriggerSecret({
      projectId: world.projectA.id,
      triggerId: id,
    });
    expect(renewed.url).not.toBe(url);
    expect((await post(url, "{}")).status).toBe(401);
    expect(await runsOf(id)).toEqual([]);

    fake.script(threeTurns("Filed."));
    const accepted = await post(renewed.url, '{"form":"contact"}');
    expect(accepted.status).toBe(202);
    await waitForRun(((await accepted.json()) as { runId: string }).runId);
    // A GET is not a delivery.
    expect(
      (await handleApiRequest(app, new Request(renewed.url), new URL(renewed.url).pathname))?.status,
    ).toBe(405);
  });

  it("lets only people who may run agents make one, and names recipients from the project", async () => {
    const input = {
      projectId: world.projectA.id,
      agentId,
      source: "webhook" as const,
      name: "X",
      request: "Do it",
    };
    expect(await outcome(world.memberA.caller.projectAgents.createTrigger(input))).toBe("NOT_FOUND");
    expect(await outcome(world.ownerB.caller.projectAgents.createTrigger(input))).toBe("NOT_FOUND");
    expect(
      await outcome(
        world.ownerA.caller.projectAgents.createTrigger({ ...input, deliverTo: [world.ownerB.id] }),
      ),
    ).toBe("BAD_REQUEST");
    const field = await world.ownerA.caller.projectAgents
      .createTrigger({ ...input, name: " " })
      .catch(
        (caught: { cause?: { flatten(): { fieldErrors: Record<string, string[]> } } }) =>
          caught.cause?.flatten().fieldErrors,
      );
    expect(field).toEqual({ name: [expect.stringContaining("Name the trigger")] });
  });

  it("takes HubSpot's events only with its v3 signature from the organization's HubSpot app", async () => {
    await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
      organizationId: world.orgA.id,
      provider: "hubspot",
      authFlow: "oauth",
      values: {
        clientId: "hubspot-app",
        clientSecret: HUBSPOT_CLIENT_SECRET,
        redirectUri: `${app.config.baseUrl}/api/integrations/oauth/callback`,
      },
    });
    const { id, url } = await world.ownerA.caller.projectAgents.createTrigger({
      projectId: world.projectA.id,
      agentId,
      source: "hubspot",
      name: "New deals",
      request: "Research the company of this new deal",
    });
    const send = (request: Request) =>
      handleApiRequest(app, request, new URL(request.url).pathname) as Promise<Response>;
    const events = [hubspotEvent({ eventId: 7001 })];

    // Signed with another secret, too old, or unsigned: refused, nothing runs.
    const forged = await send(hubspotDelivery(url, events, "not-the-app-secret"));
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { message: string }).message).toContain("does not match");
    const stale = await send(hubspotDelivery(url, events, HUBSPOT_CLIENT_SECRET, Date.now() - 6 * 60_000));
    expect(((await stale.json()) as { message: string }).message).toContain("five minutes");
    expect((await post(url, JSON.stringify(events))).status).toBe(401);
    expect(await runsOf(id)).toEqual([]);

    fake.script(threeTurns("Acme Corp: 200 people, renewing in March."));
    const accepted = await send(hubspotDelivery(url, events, HUBSPOT_CLIENT_SECRET));
    expect(accepted.status).toBe(202);
    const { runId } = (await accepted.json()) as { runId: string };
    const { run } = await waitForRun(runId);
    expect(run.request).toContain('"subscriptionType":"deal.creation"');
    // HubSpot's retry of the same events (attemptNumber 1) is the same delivery.
    const retry = await send(
      hubspotDelivery(url, [{ ...events[0], attemptNumber: 1 } as never], HUBSPOT_CLIENT_SECRET),
    );
    expect(await retry.json()).toEqual({ runId, duplicate: true });
    expect(await runsOf(id)).toHaveLength(1);
  });
});
