// MCP Tasks for held calls (issue 37): a client waits on an approval through a task instead of
// retrying with the approval's id. On 2025-11-25 the SDK client's own task flow (callToolStream:
// task-augmented tools/call, tasks/get polling, tasks/result); on 2026-07-28 the Tasks extension
// (io.modelcontextprotocol/tasks: a CreateTaskResult, tasks/get until it is complete, tasks/cancel).
// Against a remote MCP fake that counts what reaches the provider: the call runs once, after approval.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CreateTaskResultSchema } from "@modelcontextprotocol/sdk/experimental/tasks";
import { type CallToolResult, CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { auditEvent, mcpTask, toolApproval, toolPolicy } from "~/server/db/schema/index.ts";
import { TASKS_EXTENSION } from "~/server/gateway/input-requests/tasks-2026.ts";
import { approvalMailsSettled } from "~/server/governance/approval-mail.ts";
import { approvedCallsSettled } from "~/server/governance/approvals.ts";
import { type FakeTool, type RemoteMcpFake, startRemoteMcpFake } from "../fakes/remote-mcp-server.ts";
import { connectMcpClient, connectModernMcpClient } from "../support/mcp-client.ts";
import { startApiTokenWorld } from "./api-token-world.ts";

const TOKEN = "mcp_token_governance_tasks_0123456789";
const tools: FakeTool[] = [
  {
    name: "contacts_get_contacts",
    description: "Get all the contacts.",
    inputSchema: { type: "object", properties: { limit: { type: "number" } } },
    annotations: { readOnlyHint: true },
    handle: () => ({ content: [{ type: "text", text: '{"contacts":[]}' }] }),
  },
  {
    name: "send_email",
    title: "Send e-mail",
    description: "Send a transactional e-mail.",
    inputSchema: {
      type: "object",
      properties: { to: { type: "string" }, subject: { type: "string" } },
      required: ["to"],
    },
    annotations: { readOnlyHint: false, destructiveHint: true },
    handle: (args) => ({ content: [{ type: "text", text: `sent to ${String(args.to)}` }] }),
  },
];

let fake: RemoteMcpFake;
let env: Awaited<ReturnType<typeof startApiTokenWorld>>;
let sendName: string;
let readName: string;

beforeAll(async () => {
  fake = await startRemoteMcpFake({ tools, auth: { header: "authorization", value: `Bearer ${TOKEN}` } });
  env = await startApiTokenWorld({
    provider: "brevo",
    integrationId: "brevo",
    values: { mcpApiKey: TOKEN },
    endpoints: { mcpUrl: fake.url },
    env: { ALLOW_PRIVATE_URLS: "true" },
  });
  const listed = await env.client.listTools();
  sendName = listed.tools.find((tool) => tool.name.endsWith("send_email"))?.name ?? "";
  readName = listed.tools.find((tool) => tool.name.endsWith("contacts_get_contacts"))?.name ?? "";
});
afterAll(async () => {
  await approvedCallsSettled(env.app);
  await approvalMailsSettled(env.app);
  await env?.close();
  await fake?.close();
});

const projectId = () => env.world.projectA.id;
const sends = () => fake.calls("tools/call").filter((call) => call.params?.name === "send_email").length;
const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

beforeEach(async () => {
  await approvedCallsSettled(env.app);
  await env.app.db.delete(toolPolicy).where(eq(toolPolicy.projectId, projectId()));
  await env.world.ownerA.caller.governance.setPolicy({
    projectId: projectId(),
    targetKind: "tool",
    target: sendName,
    action: "approve",
    rules: [],
  });
});

async function agentClient(name = "Agent key"): Promise<Client> {
  const { secret } = await env.world.ownerA.caller.apiKeys.create({ projectId: projectId(), name });
  return connectMcpClient(env.app, secret);
}

const decide = (approvalId: string, decision: "approve" | "deny", reason?: string) =>
  env.world.adminA.caller.governance.decide({ projectId: projectId(), approvalId, decision, reason });

describe("tasks on 2025-11-25", () => {
  it("tools/list offers tasks for a tool that may be held, and not for one that never is", async () => {
    const client = await agentClient();
    try {
      expect(client.getServerCapabilities()?.tasks?.requests?.tools?.call).toEqual({});
      const listed = await client.listTools();
      expect(listed.tools.find((tool) => tool.name === sendName)?.execution).toEqual({
        taskSupport: "optional",
      });
      expect(listed.tools.find((tool) => tool.name === readName)?.execution).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it("pending → approved in the inbox → the call runs once → the task gives its result", async () => {
    const client = await agentClient();
    try {
      await client.listTools();
      const before = sends();
      const seen: string[] = [];
      let result: CallToolResult | undefined;
      const stream = client.experimental.tasks.callToolStream(
        { name: sendName, arguments: { to: "jana@globex.cz", subject: "Offer" } },
        CallToolResultSchema,
        { task: { ttl: 600_000 } },
      );
      for await (const message of stream) {
        if (message.type === "taskCreated") {
          seen.push(`created ${message.task.status}`);
          // The task is the approval: the inbox shows it pending, and nothing ran yet.
          const inbox = await env.world.adminA.caller.governance.getApprovals({
            projectId: projectId(),
            status: "pending",
          });
          expect(inbox.map((row) => row.id)).toContain(message.task.taskId);
          expect(message.task.statusMessage).toContain(`approvals?approval=${message.task.taskId}`);
          expect(sends()).toBe(before);
          await decide(message.task.taskId, "approve", "Known customer");
        } else if (message.type === "taskStatus") {
          seen.push(message.task.status);
        } else if (message.type === "result") {
          result = message.result as CallToolResult;
        } else {
          throw message.error;
        }
      }
      expect(seen[0]).toBe("created working");
      expect(seen.at(-1)).toBe("completed");
      expect(text(result)).toBe("sent to jana@globex.cz");
      await approvedCallsSettled(env.app);
      expect(sends()).toBe(before + 1);

      // Listed, and its result asked for again: still the one run.
      const { tasks } = await client.experimental.tasks.listTasks();
      const listedTask = tasks.find((task) => task.status === "completed");
      expect(listedTask).toBeDefined();
      const again = await client.experimental.tasks.getTaskResult(
        listedTask?.taskId ?? "",
        CallToolResultSchema,
      );
      expect(text(again)).toBe("sent to jana@globex.cz");
      expect(sends()).toBe(before + 1);
    } finally {
      await client.close();
    }
  });

  it("denied: the task fails with the reviewer's reason, and the provider is never called", async () => {
    const client = await agentClient();
    try {
      const before = sends();
      const created = await createTask(client, { to: "jana@globex.cz" });
      await decide(created.taskId, "deny", "Not this customer");
      const task = await client.experimental.tasks.getTask(created.taskId);
      expect(task.status).toBe("failed");
      const outcome = await client.experimental.tasks.getTaskResult(created.taskId, CallToolResultSchema);
      expect(outcome.isError).toBe(true);
      expect(text(outcome)).toMatch(/was denied by .+: Not this customer\. It was not run\./);
      expect(sends()).toBe(before);
    } finally {
      await client.close();
    }
  });

  it("expired: nobody decided in time, so the task fails and the call never runs", async () => {
    const client = await agentClient();
    try {
      const before = sends();
      const created = await createTask(client, { to: "jana@globex.cz" });
      await env.app.db
        .update(toolApproval)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(toolApproval.id, created.taskId));
      expect((await client.experimental.tasks.getTask(created.taskId)).status).toBe("failed");
      const outcome = await client.experimental.tasks.getTaskResult(created.taskId, CallToolResultSchema);
      expect(text(outcome)).toMatch(/expired before anyone decided/);
      expect(sends()).toBe(before);
    } finally {
      await client.close();
    }
  });

  it("cancelled by the caller: the held call is withdrawn and can no longer be approved", async () => {
    const client = await agentClient();
    try {
      const before = sends();
      const created = await createTask(client, { to: "jana@globex.cz" });
      const cancelled = await client.experimental.tasks.cancelTask(created.taskId);
      expect(cancelled.status).toBe("cancelled");
      await expect(decide(created.taskId, "approve")).rejects.toThrow(/already denied/);
      expect(sends()).toBe(before);
      const audit = await env.app.db
        .select({ action: auditEvent.action })
        .from(auditEvent)
        .where(eq(auditEvent.targetId, created.taskId));
      expect(audit.map((event) => event.action).sort()).toEqual(["tool_call.held", "tool_call.withdrawn"]);
    } finally {
      await client.close();
    }
  });

  it("an allowed call asked for as a task is run at once and its task is completed", async () => {
    await env.world.ownerA.caller.governance.setPolicy({
      projectId: projectId(),
      targetKind: "tool",
      target: sendName,
      action: "allow",
      rules: [{ when: '!args.to.endsWith("@acme.test")', action: "approve" }],
    });
    const client = await agentClient();
    try {
      const before = sends();
      const created = await createTask(client, { to: "petr@acme.test" });
      expect(created.status).toBe("completed");
      expect(sends()).toBe(before + 1);
      const outcome = await client.experimental.tasks.getTaskResult(created.taskId, CallToolResultSchema);
      expect(text(outcome)).toBe("sent to petr@acme.test");
    } finally {
      await client.close();
    }
  });

  it("a task is its caller's: another key of the same project cannot read, list or cancel it", async () => {
    const owner = await agentClient("Owner key");
    const other = await agentClient("Other key");
    try {
      const created = await createTask(owner, { to: "jana@globex.cz" });
      await expect(other.experimental.tasks.getTask(created.taskId)).rejects.toThrow(/not found/i);
      await expect(other.experimental.tasks.cancelTask(created.taskId)).rejects.toThrow(/not found/i);
      const { tasks } = await other.experimental.tasks.listTasks();
      expect(tasks.map((task) => task.taskId)).not.toContain(created.taskId);
      expect((await owner.experimental.tasks.getTask(created.taskId)).status).toBe("working");
      const [row] = await env.app.db.select().from(mcpTask).where(eq(mcpTask.id, created.taskId));
      expect(row?.approvalId).toBe(created.taskId);
    } finally {
      await owner.close();
      await other.close();
    }
  });
});

/** A task-augmented tools/call of send_email, answered with the task (not polled). */
async function createTask(client: Client, args: Record<string, unknown>) {
  const answer = (await client.request(
    { method: "tools/call", params: { name: sendName, arguments: args, task: { ttl: 600_000 } } },
    CreateTaskResultSchema,
  )) as { task: { taskId: string; status: string } };
  return answer.task;
}

describe("the Tasks extension on 2026-07-28", () => {
  const TaskAnswer = z.looseObject({
    resultType: z.string().optional(),
    taskId: z.string(),
    status: z.string(),
    statusMessage: z.string().optional(),
    ttlSeconds: z.number().nullable(),
    pollIntervalMilliseconds: z.number(),
    result: z.looseObject({ content: z.array(z.looseObject({ text: z.string() })) }).optional(),
  });
  const Ack = z.looseObject({});

  // The v2 client declares the extension in each request's envelope but (2.4.0) cannot read a task
  // answer yet ("Unsupported result type 'task'"): the test reads that answer off the wire.
  const answers: unknown[] = [];
  async function modernClient(withTasks: boolean) {
    const { secret } = await env.world.ownerA.caller.apiKeys.create({
      projectId: projectId(),
      name: "Agent key",
    });
    return connectModernMcpClient(env.app, secret, {
      onAnswer: (body) => answers.push(body),
      ...(withTasks ? { extensions: { [TASKS_EXTENSION]: {} } } : {}),
    });
  }
  async function callHeld(client: Awaited<ReturnType<typeof modernClient>>) {
    answers.length = 0;
    await expect(
      client.callTool({ name: sendName, arguments: { to: "jana@globex.cz", subject: "Offer" } }),
    ).rejects.toThrow(/result type 'task'/);
    return TaskAnswer.parse((answers.at(-1) as { result: unknown }).result);
  }
  const getTask = (client: Awaited<ReturnType<typeof modernClient>>, taskId: string) =>
    client.request({ method: "tasks/get", params: { taskId } }, TaskAnswer);

  it("held → a task; approved → tasks/get completes with the result; the call ran once", async () => {
    const client = await modernClient(true);
    try {
      const before = sends();
      const created = await callHeld(client);
      expect(created).toMatchObject({ resultType: "task", status: "working" });
      expect(created.statusMessage).toContain(`approvals?approval=${created.taskId}`);
      expect((await getTask(client, created.taskId)).status).toBe("working");
      expect(sends()).toBe(before);
      await decide(created.taskId, "approve");
      await approvedCallsSettled(env.app);
      const done = await getTask(client, created.taskId);
      expect(done.status).toBe("completed");
      // tasks/get's own answer is a complete result, on the wire (the client takes the field off).
      expect((answers.at(-1) as { result: { resultType: string } }).result.resultType).toBe("complete");
      expect(done.result?.content[0]?.text).toBe("sent to jana@globex.cz");
      expect((await getTask(client, created.taskId)).result?.content[0]?.text).toBe("sent to jana@globex.cz");
      expect(sends()).toBe(before + 1);
    } finally {
      await client.close();
    }
  });

  it("denied: the task completes with the reviewer's reason as an error result; never run", async () => {
    const client = await modernClient(true);
    try {
      const before = sends();
      const created = await callHeld(client);
      await decide(created.taskId, "deny", "Not this customer");
      const done = await getTask(client, created.taskId);
      expect(done.status).toBe("completed");
      expect(done.result?.isError).toBe(true);
      expect(done.result?.content[0]?.text).toMatch(/denied by .+: Not this customer/);
      expect(sends()).toBe(before);
    } finally {
      await client.close();
    }
  });

  it("tasks/cancel withdraws the held call; an unknown task is acknowledged yet not found by tasks/get", async () => {
    const client = await modernClient(true);
    try {
      const created = await callHeld(client);
      expect(
        await client.request({ method: "tasks/cancel", params: { taskId: created.taskId } }, Ack),
      ).toBeDefined();
      expect((await getTask(client, created.taskId)).status).toBe("cancelled");
      await expect(decide(created.taskId, "approve")).rejects.toThrow(/already denied/);
      await client.request({ method: "tasks/cancel", params: { taskId: "task_nobody" } }, Ack);
      await expect(getTask(client, "task_nobody")).rejects.toThrow(/Task not found/);
    } finally {
      await client.close();
    }
  });

  it("without the extension declared, a held call answers as before: the approval's id to retry with", async () => {
    const client = await modernClient(false);
    try {
      const held = (await client.callTool({
        name: sendName,
        arguments: { to: "jana@globex.cz" },
      })) as CallToolResult;
      expect(held.isError).toBe(true);
      expect(text(held)).toMatch(/Waiting for approval [0-9a-f-]{36}/);
    } finally {
      await client.close();
    }
  });
});
