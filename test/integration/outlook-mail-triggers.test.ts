// Agents started by new Outlook mail (issue 39, item 2): a "new Outlook mail" trigger subscribes the
// project's Outlook connection's Inbox at Microsoft Graph (a local fake written from Graph's reference),
// answering Graph's validation handshake; a change notification with the subscription's clientState
// starts one run per message, as the member who made the trigger, with the message as context; a wrong
// clientState starts nothing; the subscription is renewed by PATCH before it expires, made again when
// Graph removes it, and deleted with the trigger.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { outlookPushSettled } from "~/server/agents/triggers/outlook/handle-outlook-push.ts";
import {
  RENEWAL_QUEUE,
  renewTriggerSubscription,
} from "~/server/agents/triggers/outlook/outlook-subscription.ts";
import { agentMailSubscription, agentRun } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { startLlmFake } from "../fakes/llm-providers.ts";
import type { FakeSubscription } from "../fakes/microsoft-graph/subscription-records.ts";
import {
  lifecycleNotification,
  MAX_MESSAGE_SUBSCRIPTION_MINUTES,
  newMessageNotification,
  sendNotification,
} from "../fakes/microsoft-graph/subscriptions.ts";
import { MAILBOX, startFakeMicrosoftGraph } from "../fakes/microsoft-graph.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { appForFile } from "../support/fixture.ts";
import { connectThroughOAuth } from "./oauth-connected-world.ts";
import { buildWorld, outcome } from "./world.ts";

const OPENAI_KEY = "sk-test-openai-outlook-0123";
const MICROSOFT_APP = { clientId: "acme-entra-app", clientSecret: "acme-entra-secret-0123456789" };

const llm = await startLlmFake();
llm.validKeys.add(OPENAI_KEY);
const oauth = await startFakeOAuthProvider({
  clients: { [MICROSOFT_APP.clientId]: MICROSOFT_APP.clientSecret },
  expiresIn: 3600,
  rotateRefreshTokens: true,
});
const graph = await startFakeMicrosoftGraph((token) => oauth.issued.includes(token));
const app = await appForFile({
  LLM_ENDPOINTS: llm.endpoints,
  INTEGRATION_ENDPOINTS: JSON.stringify({
    microsoft: { authorizeUrl: oauth.authorizeUrl, tokenUrl: oauth.tokenUrl, apiBaseUrl: graph.base },
  }),
});
// Graph's requests to Portico (validation, notifications) reach the app in-process; the tests' app
// runs on http://localhost, where Graph would insist on https.
graph.requireHttps = false;
graph.deliver = (url, init) =>
  handleApiRequest(app, new Request(url, init), new URL(url).pathname) as Promise<Response>;
afterAll(() => Promise.all([llm.close(), oauth.close(), graph.close()]));

const { world } = await connectThroughOAuth(app, oauth, {
  provider: "microsoft",
  oauthApp: MICROSOFT_APP,
  integrations: ["outlook-email"],
});
let agentId = "";

const runsOf = (triggerId: string) => app.db.select().from(agentRun).where(eq(agentRun.triggerId, triggerId));
const subscriptionCalls = () =>
  graph.requests.filter((request) => request.path.startsWith("/v1.0/subscriptions"));
const onlySubscription = (): FakeSubscription => {
  expect(graph.subscriptions).toHaveLength(1);
  return graph.subscriptions[0] as FakeSubscription;
};

const threeTurns = (answer: string) => [
  { text: "Answer the new e-mail." },
  { text: '{"servers":["standard"]}' },
  { text: "1. Draft an answer" },
  { text: answer },
];

async function makeTrigger(name = "Support inbox") {
  return world.ownerA.caller.projectAgents.createTrigger({
    projectId: world.projectA.id,
    agentId,
    source: "outlook-mail",
    name,
    request: "Sort this e-mail and say who should answer it",
  });
}

beforeAll(async () => {
  const credential = await world.ownerA.caller.llmCredentials.saveOrganizationLlmCredential({
    organizationId: world.orgA.id,
    values: { llmType: "openai", name: "OpenAI", apiKey: OPENAI_KEY },
  });
  const { id } = await world.ownerA.caller.projectAgents.addToProject({
    projectId: world.projectA.id,
    presetId: "neo",
  });
  const { agent } = await world.ownerA.caller.projectAgents.getProjectAgent({
    projectId: world.projectA.id,
    agentId: id,
  });
  await world.ownerA.caller.projectAgents.updateConfig({
    projectId: world.projectA.id,
    agentId: id,
    config: { ...agent, llmCredentialId: credential.id },
  });
  agentId = id;
  graph.messages.push({
    id: "AAMkAGI2THVSAAA=",
    folderId: "AQMkInbox",
    subject: "Invoice 2026-114 is wrong",
    from: "Jana Dvorak <jana@customer.test>",
    to: [MAILBOX.address],
    text: "The invoice lists 14 seats; we have 12.",
    receivedDateTime: "2026-12-02T08:00:00Z",
    isRead: false,
    conversationId: "conv-1",
    internetMessageId: "<invoice-114@customer.test>",
  });
});

describe("new Outlook mail triggers", () => {
  it("subscribes the Inbox as Graph documents, after answering Graph's validation request", async () => {
    const availability = await world.ownerA.caller.projectAgents.outlookTriggerAvailability({
      projectId: world.projectA.id,
    });
    expect(availability).toEqual({ available: true, mailbox: expect.any(String) });
    graph.requests.length = 0;
    const created = await makeTrigger();
    const [post] = subscriptionCalls();
    expect(post?.method).toBe("POST");
    const body = JSON.parse(post?.body ?? "{}") as Record<string, string>;
    const notificationUrl = `${app.config.baseUrl}/api/agent-push/outlook/${created.id}`;
    expect(body).toEqual({
      changeType: "created",
      resource: "me/mailFolders('Inbox')/messages",
      notificationUrl,
      lifecycleNotificationUrl: `${notificationUrl}/lifecycle`,
      expirationDateTime: expect.any(String),
      clientState: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const minutes = (Date.parse(body.expirationDateTime ?? "") - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(MAX_MESSAGE_SUBSCRIPTION_MINUTES - 60);
    expect(minutes).toBeLessThanOrEqual(MAX_MESSAGE_SUBSCRIPTION_MINUTES);
    expect(post?.headers.authorization).toMatch(/^Bearer /);

    // Stored: Graph's id and expiry, and the clientState only as its hash.
    const subscription = onlySubscription();
    const [row] = await app.db
      .select()
      .from(agentMailSubscription)
      .where(eq(agentMailSubscription.triggerId, created.id));
    expect(row).toMatchObject({ subscriptionId: subscription.id, status: "active" });
    expect(row?.expiresAt?.toISOString()).toBe(subscription.expirationDateTime);
    expect(JSON.stringify(row)).not.toContain(body.clientState);
    const listed = await world.ownerA.caller.projectAgents.listTriggers({
      projectId: world.projectA.id,
      agentId,
    });
    expect(listed.find((each) => each.id === created.id)?.subscription).toMatchObject({
      status: "active",
      expiresAt: row?.expiresAt,
    });
    // The renewal is queued on the project's pg-boss for a day before the expiry.
    const jobs = (await app.db.execute(
      sql`select start_after from pgboss.job where name = ${RENEWAL_QUEUE} and data->>'triggerId' = ${created.id}`,
    )) as unknown as { rows: { start_after: string | Date }[] };
    expect(jobs.rows).toHaveLength(1);
    const renewIn = new Date(jobs.rows[0]?.start_after ?? 0).getTime() - Date.now();
    expect(renewIn / 3_600_000).toBeGreaterThan(24 * 6 - 1);
    expect(renewIn / 3_600_000).toBeLessThan(24 * 6 + 1);
  });

  it("echoes the decoded validation token as text/plain, only on a trigger's own path", async () => {
    const trigger = (
      await world.ownerA.caller.projectAgents.listTriggers({ projectId: world.projectA.id, agentId })
    )[0];
    const url = `${app.config.baseUrl}/api/agent-push/outlook/${trigger?.id}`;
    const token = "Validation: Testing client application reachability <&> Request-Id: 42";
    const answered = await graph.deliver(`${url}?validationToken=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
    expect(answered.status).toBe(200);
    expect(answered.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await answered.text()).toBe(token);
    const elsewhere = await graph.deliver(
      `${app.config.baseUrl}/api/agent-push/outlook/no-such-trigger?validationToken=x`,
      { method: "POST" },
    );
    expect(elsewhere.status).toBe(404);
  });

  it("starts one run per new message with the right clientState, and none with a wrong one", async () => {
    const subscription = onlySubscription();
    const [trigger] = await world.ownerA.caller.projectAgents.listTriggers({
      projectId: world.projectA.id,
      agentId,
    });
    if (!trigger) throw new Error("no trigger");

    // A forged notification: the subscription id is right, the clientState is not.
    const forged = await sendNotification(
      graph,
      subscription.notificationUrl,
      newMessageNotification(subscription, "AAMkAGI2THVSAAA=", "A".repeat(43)),
    );
    expect(forged.status).toBe(401);
    // Another subscription's id with this trigger's clientState is not this trigger's either.
    const misaddressed = await sendNotification(graph, subscription.notificationUrl, {
      value: [
        { ...newMessageNotification(subscription, "AAMkAGI2THVSAAA=").value[0], subscriptionId: "other" },
      ],
    });
    expect(misaddressed.status).toBe(401);
    await outlookPushSettled(app);
    expect(await runsOf(trigger.id)).toEqual([]);

    llm.script(threeTurns("Billing should answer: the invoice counts 14 seats instead of 12."));
    const started = Date.now();
    const accepted = await sendNotification(
      graph,
      subscription.notificationUrl,
      newMessageNotification(subscription, "AAMkAGI2THVSAAA="),
    );
    expect(accepted.status).toBe(202);
    // Answered before the run starts: Graph wants an answer within 3 seconds.
    expect(Date.now() - started).toBeLessThan(3_000);
    await outlookPushSettled(app);
    const [run] = await runsOf(trigger.id);
    expect(run).toMatchObject({ channel: "trigger", userId: world.ownerA.id });
    expect(run?.request).toContain("Sort this e-mail and say who should answer it");
    expect(run?.request).toContain('"messageId": "AAMkAGI2THVSAAA="');
    // Subject and sender were read with the connection's token (GET /me/messages/{id}).
    expect(run?.request).toContain('"subject": "Invoice 2026-114 is wrong"');
    expect(run?.request).toContain("Jana Dvorak <jana@customer.test>");
    await vi.waitFor(async () => expect((await runsOf(trigger.id))[0]?.status).toBe("completed"), {
      timeout: 5_000,
    });

    // Graph's redelivery of the same message (no 2xx seen in time) starts nothing more.
    const again = await sendNotification(
      graph,
      subscription.notificationUrl,
      newMessageNotification(subscription, "AAMkAGI2THVSAAA="),
    );
    expect(again.status).toBe(202);
    await outlookPushSettled(app);
    expect(await runsOf(trigger.id)).toHaveLength(1);
  });

  it("renews by PATCH before the expiry, makes a removed subscription again, and deletes it with the trigger", async () => {
    const [trigger] = await world.ownerA.caller.projectAgents.listTriggers({
      projectId: world.projectA.id,
      agentId,
    });
    if (!trigger) throw new Error("no trigger");
    const subscription = onlySubscription();

    // Not due yet (six days left): the renewal job finds nothing to do.
    graph.requests.length = 0;
    await renewTriggerSubscription(app, trigger.id);
    expect(subscriptionCalls()).toEqual([]);

    // A day before expiry: PATCH /subscriptions/{id} with a new expirationDateTime.
    const soon = new Date(Date.now() + 20 * 3_600_000);
    subscription.expirationDateTime = soon.toISOString();
    await app.db
      .update(agentMailSubscription)
      .set({ expiresAt: soon })
      .where(eq(agentMailSubscription.triggerId, trigger.id));
    await renewTriggerSubscription(app, trigger.id);
    const [patch] = subscriptionCalls();
    expect(patch).toMatchObject({ method: "PATCH", path: `/v1.0/subscriptions/${subscription.id}` });
    const renewedTo = (JSON.parse(patch?.body ?? "{}") as { expirationDateTime: string }).expirationDateTime;
    expect(Object.keys(JSON.parse(patch?.body ?? "{}"))).toEqual(["expirationDateTime"]);
    expect(Date.parse(renewedTo) - Date.now()).toBeGreaterThan(6 * 24 * 3_600_000);
    const [row] = await app.db
      .select()
      .from(agentMailSubscription)
      .where(eq(agentMailSubscription.triggerId, trigger.id));
    expect(row?.expiresAt?.toISOString()).toBe(subscription.expirationDateTime);

    // Graph's lifecycle event with a wrong clientState is refused; the real subscriptionRemoved makes a
    // new subscription (validated again) with a new clientState.
    const lifecycleUrl = subscription.lifecycleNotificationUrl ?? "";
    const forged = await sendNotification(
      graph,
      lifecycleUrl,
      lifecycleNotification(subscription, "subscriptionRemoved", "wrong"),
    );
    expect(forged.status).toBe(401);
    graph.subscriptions.splice(0, 1);
    const removed = await sendNotification(
      graph,
      lifecycleUrl,
      lifecycleNotification(subscription, "subscriptionRemoved"),
    );
    expect(removed.status).toBe(202);
    await outlookPushSettled(app);
    const remade = onlySubscription();
    expect(remade.id).not.toBe(subscription.id);
    expect(remade.clientState).not.toBe(subscription.clientState);
    // The old clientState no longer starts anything.
    const stale = await sendNotification(graph, remade.notificationUrl, {
      value: [
        { ...newMessageNotification(remade, "AAMkNEW=").value[0], clientState: subscription.clientState },
      ],
    });
    expect(stale.status).toBe(401);

    graph.requests.length = 0;
    await world.ownerA.caller.projectAgents.deleteTrigger({
      projectId: world.projectA.id,
      triggerId: trigger.id,
    });
    expect(subscriptionCalls().map((request) => `${request.method} ${request.path}`)).toEqual([
      `DELETE /v1.0/subscriptions/${remade.id}`,
    ]);
    expect(graph.subscriptions).toEqual([]);
    const gone = await sendNotification(
      graph,
      remade.notificationUrl,
      newMessageNotification(remade, "AAMkNEW="),
    );
    expect(gone.status).toBe(404);
  });

  it("is refused, with the reason, where the project has no Outlook connection to watch", async () => {
    const other = await buildWorld(app);
    const input = {
      projectId: other.projectA.id,
      agentId: "no-agent",
      source: "outlook-mail" as const,
      name: "Inbox",
      request: "Sort it",
    };
    expect(
      await other.ownerA.caller.projectAgents.outlookTriggerAvailability({ projectId: other.projectA.id }),
    ).toEqual({ available: false, reason: expect.stringContaining("Add Outlook Email") });
    // Another organization's project is not found, whatever its mail.
    expect(
      await outcome(
        other.ownerA.caller.projectAgents.createTrigger({ ...input, projectId: world.projectA.id, agentId }),
      ),
    ).toBe("NOT_FOUND");
    // Graph refusing the subscription (its validation failed) leaves no trigger behind.
    const deliver = graph.deliver;
    graph.deliver = async () => new Response("nope", { status: 500 });
    try {
      const refused = await makeTrigger("Broken").catch((error: Error) => error);
      expect((refused as Error).message).toContain("Subscription validation request failed");
    } finally {
      graph.deliver = deliver;
    }
    const names = (
      await world.ownerA.caller.projectAgents.listTriggers({ projectId: world.projectA.id, agentId })
    ).map((each) => each.name);
    expect(names).not.toContain("Broken");
  });
});
