// Approvals across Portico replicas on one PostgreSQL database (issue 37): a call waiting on its
// approval on one replica is completed by a decision taken on another (woken over NOTIFY, the approved
// call run once, where it was decided), and a replica stopping while a call waits loses nothing: the
// approval is a row, decided and fetched on a replica started afterwards. PostgreSQL only: PGlite is one
// process.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateTaskResultSchema } from "@modelcontextprotocol/sdk/experimental/tasks";
import { type CallToolResult, CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "~/server/app.ts";
import type { App } from "~/server/app-services.ts";
import { parseConfig } from "~/server/config.ts";
import { formatKeyList } from "~/server/crypto/key-format.ts";
import { openDatabase } from "~/server/db/client.ts";
import { approvedCallsSettled } from "~/server/governance/approvals.ts";
import { type RemoteMcpFake, startRemoteMcpFake } from "../fakes/remote-mcp-server.ts";
import { callerFor, TEST_AUTH_SECRET, TEST_BASE_URL } from "../support/app.ts";
import { createScratchDatabase } from "../support/database.ts";
import { connectMcpClient, connectModernMcpClient } from "../support/mcp-client.ts";
import { buildWorld } from "./world.ts";

const serverUrl = process.env.DATABASE_URL;
const TOKEN = "mcp_token_replicas_0123456789";

async function replicasWorld() {
  const scratch = await createScratchDatabase(serverUrl ?? "");
  const dataDir = mkdtempSync(path.join(tmpdir(), "portico-governance-replicas-"));
  const fake: RemoteMcpFake = await startRemoteMcpFake({
    tools: [
      {
        name: "send_email",
        description: "Send an e-mail.",
        inputSchema: { type: "object", properties: { to: { type: "string" } } },
        annotations: { readOnlyHint: false, destructiveHint: true },
        handle: (args) => ({ content: [{ type: "text", text: `sent to ${String(args.to)}` }] }),
      },
    ],
    auth: { header: "authorization", value: `Bearer ${TOKEN}` },
  });
  const config = parseConfig({
    APP_ENV: "test",
    BASE_URL: TEST_BASE_URL,
    BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDir,
    ENCRYPTION_KEYS: formatKeyList([{ id: "shared", key: randomBytes(32) }]),
    ALLOW_PRIVATE_URLS: "true",
    INTEGRATION_ENDPOINTS: JSON.stringify({ brevo: { mcpUrl: fake.url } }),
  });
  const running = new Set<App>();
  const start = async () => {
    const app = await createApp(config, await openDatabase({ kind: "postgres", url: scratch.url }));
    running.add(app);
    return app;
  };
  const stop = async (app: App) => {
    running.delete(app);
    await app.gateway.stop();
    await app.database.close();
  };
  afterAll(async () => {
    for (const app of [...running]) await stop(app);
    await fake.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const first = await start();
  const second = await start();
  const world = await buildWorld(first);
  const owner = world.ownerA;
  await owner.caller.integrations.credentials.saveOrganizationCredential({
    organizationId: world.orgA.id,
    provider: "brevo",
    authFlow: "api-token",
    values: { mcpApiKey: TOKEN },
  });
  await owner.caller.projectServers.addServer({ projectId: world.projectA.id, integrationId: "brevo" });
  const { secret } = await owner.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
  await owner.caller.governance.setPolicy({
    projectId: world.projectA.id,
    targetKind: "tool",
    target: "brevo_send_email",
    action: "approve",
    rules: [],
  });
  return { first, second, world, secret, fake, start, stop };
}

const setup = serverUrl ? await replicasWorld() : null;
const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;
const approvalIdIn = (result: unknown) =>
  /Waiting for approval ([0-9a-f-]{36})/.exec(text(result))?.[1] ?? "";

describe.skipIf(!setup)("approvals across replicas (PostgreSQL)", () => {
  if (!setup) return;
  const { first, second, world, secret, fake, start, stop } = setup;
  const projectId = world.projectA.id;
  const sends = () => fake.calls("tools/call").length;
  const reviewerOn = (app: App) => callerFor(app, world.adminA.cookie);

  it("a decision on one replica completes the call waiting on another, and the call runs once", async () => {
    const client = await connectMcpClient(first, secret);
    try {
      const before = sends();
      const id = approvalIdIn(
        await client.callTool({ name: "brevo_send_email", arguments: { to: "jana@globex.cz" } }),
      );
      expect(id).not.toBe("");
      const waiting = client.callTool({ name: "brevo_send_email", arguments: { portico_approval_id: id } });
      await reviewerOn(second).governance.decide({ projectId, approvalId: id, decision: "approve" });
      expect(text(await waiting)).toBe("sent to jana@globex.cz");
      await approvedCallsSettled(second);
      expect(
        text(await client.callTool({ name: "brevo_send_email", arguments: { portico_approval_id: id } })),
      ).toBe("sent to jana@globex.cz");
      expect(sends()).toBe(before + 1);
    } finally {
      await client.close();
    }
  });

  it("a task made on one replica is completed by a decision on another, and read on either", async () => {
    const before = sends();
    const client = await connectMcpClient(first, secret);
    const other = await connectMcpClient(second, secret);
    try {
      const { task } = await client.request(
        {
          method: "tools/call",
          params: { name: "brevo_send_email", arguments: { to: "eva@globex.cz" }, task: { ttl: 60_000 } },
        },
        CreateTaskResultSchema,
      );
      expect(task.status).toBe("working");
      await reviewerOn(second).governance.decide({ projectId, approvalId: task.taskId, decision: "approve" });
      await approvedCallsSettled(second);
      const onFirst = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      const onSecond = await other.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      expect([text(onFirst), text(onSecond)]).toEqual(["sent to eva@globex.cz", "sent to eva@globex.cz"]);
      expect(sends()).toBe(before + 1);
    } finally {
      await client.close();
      await other.close();
    }
  });

  it("a replica stopping while a call waits loses nothing: decided and fetched on one started later", async () => {
    const before = sends();
    const client = await connectModernMcpClient(second, secret);
    const id = approvalIdIn(
      await client.callTool({ name: "brevo_send_email", arguments: { to: "petr@globex.cz" } }),
    );
    await client.close();
    // A task waiting too, made on the other replica (2025-11-25).
    const legacy = await connectMcpClient(first, secret);
    const { task } = await legacy.request(
      {
        method: "tools/call",
        params: { name: "brevo_send_email", arguments: { to: "ota@globex.cz" }, task: { ttl: 60_000 } },
      },
      CreateTaskResultSchema,
    );
    await legacy.close();
    await stop(second);
    await stop(first);
    const restarted = await start();
    const inbox = await reviewerOn(restarted).governance.getApprovals({ projectId, status: "pending" });
    expect(inbox.map((approval) => approval.id).sort()).toEqual([id, task.taskId].sort());
    await reviewerOn(restarted).governance.decide({ projectId, approvalId: id, decision: "approve" });
    await reviewerOn(restarted).governance.decide({
      projectId,
      approvalId: task.taskId,
      decision: "approve",
    });
    await approvedCallsSettled(restarted);
    const again = await connectModernMcpClient(restarted, secret);
    const legacyAgain = await connectMcpClient(restarted, secret);
    try {
      const result = await again.callTool({
        name: "brevo_send_email",
        arguments: { portico_approval_id: id },
      });
      expect(text(result)).toBe("sent to petr@globex.cz");
      const fromTask = await legacyAgain.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      expect(text(fromTask)).toBe("sent to ota@globex.cz");
      expect(sends()).toBe(before + 2);
    } finally {
      await again.close();
      await legacyAgain.close();
    }
  });
});
