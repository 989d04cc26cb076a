// Each webhook event from where it really happens, to an endpoint that subscribes to all of them, with
// the receiver verifying every signature: an API-token connection saved (connection.connected), refused
// on re-check (connection.broken) and repaired; a tool call held by an "approve" policy on /mcp
// (approval.requested) and approved in the inbox (approval.decided); Neo's run through the app
// (agent.run.finished, with its answer, status and origin), also to an endpoint filtered to that agent.
import { afterAll, describe, expect, it } from "vitest";
import { webhookEventTypeIds } from "~/lib/builder-webhooks/event-types.ts";
import { webhookEmitsSettled } from "~/server/builder-webhooks/emit.ts";
import { approvedCallsSettled } from "~/server/governance/approvals.ts";
import { basicAuth, startFakeApiProvider } from "../fakes/api-provider.ts";
import { startWebhookReceiver } from "../fakes/webhook-receiver.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { agentsWorld } from "./agents-world.ts";

const raynetApi = await startFakeApiProvider(
  (request) => request.headers.authorization === basicAuth("ops@acme.test", "raynet-good-key"),
);
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await raynetApi.close();
  await receiver.close();
});
const { app, world, fake, saveOpenAiCredential, neoWith, startRun, waitForRun } = await agentsWorld(
  {
    ALLOW_PRIVATE_URLS: "true",
    INTEGRATION_ENDPOINTS: JSON.stringify({ raynet: { apiBaseUrl: `${raynetApi.url}/api/v2` } }),
  },
  { webhookDelivery: { retryDelaySeconds: 1, pollSeconds: 0.5 } },
);
afterAll(() => app.agentSchedules.queue.stop());
const orgId = world.orgA.id;

const everything = await world.ownerA.caller.webhooks.createEndpoint({
  organizationId: orgId,
  url: `${receiver.url}/all`,
  eventTypes: [...webhookEventTypeIds],
});
receiver.secrets.set("/all", everything.secret);

/** The verified events of `type` the receiver got at `path`, once `count` have arrived. */
async function received(type: string, count = 1, path = "/all") {
  await webhookEmitsSettled(app);
  const matching = () => receiver.received.filter((r) => r.path === path && r.event?.type === type);
  await expect.poll(() => matching().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  expect(matching().every((r) => r.verified)).toBe(true);
  return matching().map((r) => r.event?.data ?? {});
}

describe("webhook events from their origins", () => {
  it("connection.connected and connection.broken from an API-token connection", async () => {
    const raynet = {
      organizationId: orgId,
      provider: "raynet" as const,
      authFlow: "api-token" as const,
      values: { email: "ops@acme.test", apiKey: "raynet-good-key", namespace: "acme" },
    };
    await world.ownerA.caller.integrations.credentials.saveOrganizationCredential(raynet);
    const [connected] = await received("connection.connected");
    expect(connected).toMatchObject({
      provider: "raynet",
      authFlow: "api-token",
      status: "active",
      personal: false,
    });

    const accepts = raynetApi.accepts;
    raynetApi.accepts = () => false;
    await world.ownerA.caller.integrations.connections.recheck({ organizationId: orgId, provider: "raynet" });
    const [broken] = await received("connection.broken");
    expect(broken).toMatchObject({
      provider: "raynet",
      status: "error",
      reason: expect.stringContaining("refused"),
    });
    expect(broken?.connectionId).toBe(connected?.connectionId);

    raynetApi.accepts = accepts;
    await world.ownerA.caller.integrations.connections.recheck({ organizationId: orgId, provider: "raynet" });
    await received("connection.connected", 2);
  });

  it("approval.requested and approval.decided from a held call on /mcp", async () => {
    await world.ownerA.caller.governance.setPolicy({
      projectId: world.projectA.id,
      targetKind: "tool",
      target: "calculate",
      action: "approve",
      rules: [],
    });
    const key = await world.ownerA.caller.apiKeys.create({
      projectId: world.projectA.id,
      name: "Builder backend",
    });
    const client = await connectMcpClient(app, key.secret);
    try {
      await client.callTool({ name: "calculate", arguments: { expression: "6 * 7" } });
    } finally {
      await client.close();
    }
    const [requested] = await received("approval.requested");
    expect(requested).toMatchObject({ projectId: world.projectA.id, tool: "calculate", kind: "approve" });
    expect(String(requested?.summary)).toContain("6 * 7");

    await world.adminA.caller.governance.decide({
      projectId: world.projectA.id,
      approvalId: String(requested?.approvalId),
      decision: "approve",
    });
    await approvedCallsSettled(app);
    const [decided] = await received("approval.decided");
    expect(decided).toMatchObject({
      approvalId: requested?.approvalId,
      decision: "approved",
      tool: "calculate",
    });
  });

  it("agent.run.finished with the run's answer, status and origin, also to an endpoint of that agent", async () => {
    const credential = await saveOpenAiCredential("Webhooks");
    const neo = await neoWith(credential.id);
    const other = await neoWith(credential.id);
    const ofNeo = await world.ownerA.caller.webhooks.createEndpoint({
      organizationId: orgId,
      url: `${receiver.url}/neo`,
      eventTypes: ["agent.run.finished"],
      agentId: neo.id,
    });
    expect(ofNeo.endpoint).toMatchObject({ agentId: neo.id, projectId: world.projectA.id });
    receiver.secrets.set("/neo", ofNeo.secret);

    const scriptedRun = (answer: string) =>
      fake.script([
        { text: "List deals." },
        { text: '{"servers":["srv-crm"]}' },
        { text: "1. crm_list_deals" },
        { toolCalls: [{ name: "crm_list_deals", args: { query: "open" } }] },
        { text: answer },
      ]);
    scriptedRun("Acme renewal is the one open deal.");
    const { runId } = await startRun(neo.id, "Which deals are open?");
    await waitForRun(runId);
    const [finished] = await received("agent.run.finished");
    expect(finished).toMatchObject({
      runId,
      agentId: neo.id,
      status: "completed",
      origin: "app",
      request: "Which deals are open?",
      answer: "Acme renewal is the one open deal.",
    });
    const [toAgent] = await received("agent.run.finished", 1, "/neo");
    expect(toAgent).toMatchObject({ runId });

    // Another agent's run reaches the organization-wide endpoint, not the one filtered to Neo.
    scriptedRun("Nothing else.");
    const second = await startRun(other.id, "Anything else?");
    await waitForRun(second.runId);
    await received("agent.run.finished", 2);
    // The filter is applied when the event is emitted: Neo's endpoint holds one delivery, of Neo's run.
    const toNeo = await world.ownerA.caller.webhooks.listDeliveries({
      organizationId: orgId,
      endpointId: ofNeo.endpoint.id,
    });
    expect(toNeo.items.map((d) => (d.payload.data as { runId: string }).runId)).toEqual([runId]);
  });
});
