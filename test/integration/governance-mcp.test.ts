// Governance on /mcp (issue 37) with the SDK clients of both revisions, against a remote MCP fake
// (Brevo's server) that records every call it gets: a rule on the arguments deciding allow vs approve,
// approval through the inbox (pending → approved → run once → the result through the retry with the
// approval's id), denied, expired, a deny policy that never reaches the provider, and the calling
// person's confirmation in their own client (accepted and declined) or, without one, in Portico.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type CallToolResult, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditEvent, toolApproval, toolCall, toolPolicy } from "~/server/db/schema/index.ts";
import { approvalMailsSettled } from "~/server/governance/approval-mail.ts";
import { approvedCallsSettled } from "~/server/governance/approvals.ts";
import { type FakeTool, type RemoteMcpFake, startRemoteMcpFake } from "../fakes/remote-mcp-server.ts";
import { connectMcpClient, connectModernMcpClient, inProcessFetch } from "../support/mcp-client.ts";
import { mailsTo } from "../support/outbox.ts";
import { startApiTokenWorld } from "./api-token-world.ts";

const TOKEN = "mcp_token_governance_0123456789";
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
let personalKey: string;
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
  const key = await env.world.ownerA.caller.apiKeys.create({
    projectId: env.world.projectA.id,
    name: "Jana's client",
    kind: "personal",
  });
  personalKey = key.secret;
});
afterAll(async () => {
  await env?.close();
  await fake?.close();
});

const projectId = () => env.world.projectA.id;
const sends = () => fake.calls("tools/call").filter((call) => call.params?.name === "send_email").length;
const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;
const approvalIdIn = (result: unknown) =>
  /Waiting for approval ([0-9a-f-]{36})/.exec(text(result))?.[1] ?? "";

async function setPolicy(
  action: "allow" | "confirm" | "approve" | "deny",
  rules: { when: string; action: "allow" | "confirm" | "approve" | "deny" }[] = [],
) {
  await env.world.ownerA.caller.governance.setPolicy({
    projectId: projectId(),
    targetKind: "tool",
    target: sendName,
    action,
    rules,
  });
}

async function decisions() {
  await env.app.gateway.recorder.flush();
  return env.app.db
    .select({ decision: toolCall.decision, status: toolCall.status })
    .from(toolCall)
    .where(and(eq(toolCall.projectId, projectId()), eq(toolCall.toolName, sendName)))
    .orderBy(toolCall.createdAt);
}

beforeEach(async () => {
  await env.app.db.delete(toolPolicy).where(eq(toolPolicy.projectId, projectId()));
  await env.world.ownerA.caller.governance.setSettings({
    projectId: projectId(),
    protectWrites: false,
    allowSelfApproval: false,
  });
  await approvedCallsSettled(env.app);
  await env.app.gateway.recorder.flush();
  await env.app.db.delete(toolCall).where(eq(toolCall.projectId, projectId()));
});

type Caller = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

const revisions: [string, (token: string) => Promise<{ call: Caller; close(): Promise<void> }>][] = [
  [
    "2025-11-25",
    async (token) => {
      const client = await connectMcpClient(env.app, token);
      return {
        call: (name, args) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
        close: () => client.close(),
      };
    },
  ],
  [
    "2026-07-28",
    async (token) => {
      const client = await connectModernMcpClient(env.app, token);
      return {
        call: (name, args) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
        close: () => client.close(),
      };
    },
  ],
];

describe.each(revisions)("approvals on %s", (_revision, connect) => {
  it("a rule on the arguments decides allow vs approve; approved in the inbox, the call runs once", async () => {
    await setPolicy("allow", [{ when: '!args.to.endsWith("@acme.test")', action: "approve" }]);
    const { secret } = await env.world.ownerA.caller.apiKeys.create({
      projectId: projectId(),
      name: "Agent key",
    });
    const client = await connect(secret);
    try {
      const before = sends();
      const inside = await client.call(sendName, { to: "petr@acme.test", subject: "Hi" });
      expect(text(inside)).toBe("sent to petr@acme.test");
      expect(sends()).toBe(before + 1);

      const held = await client.call(sendName, { to: "jana@globex.cz", subject: "Offer" });
      expect(held.isError).toBe(true);
      const id = approvalIdIn(held);
      expect(text(held)).toContain(`/app/project/${projectId()}/approvals?approval=${id}`);
      expect(text(held)).toContain("Send e-mail — to: jana@globex.cz, subject: Offer");
      expect(sends()).toBe(before + 1);

      // The reviewers are e-mailed; the inbox shows the call, who asked and the rule that held it.
      await approvalMailsSettled(env.app);
      const mail = await mailsTo(env.app.db, env.world.adminA.credentials.email);
      expect(mail[0]?.subject).toContain(`Approval needed in Support bot: ${sendName}`);
      const inbox = await env.world.adminA.caller.governance.getApprovals({
        projectId: projectId(),
        status: "pending",
      });
      expect(inbox[0]).toMatchObject({
        id,
        status: "pending",
        callerName: "Agent key",
        decidable: true,
        policy: `approve · rule 1 of tool ${sendName}`,
      });
      expect(await env.world.adminA.caller.governance.getPendingCount({ projectId: projectId() })).toBe(1);

      // A retry while it waits is woken by the decision and gets the approved call's result.
      const waiting = client.call(sendName, { portico_approval_id: id });
      await env.world.adminA.caller.governance.decide({
        projectId: projectId(),
        approvalId: id,
        decision: "approve",
        reason: "Known customer",
      });
      expect(text(await waiting)).toBe("sent to jana@globex.cz");
      await approvedCallsSettled(env.app);
      // However often the client asks again, the call ran once.
      expect(text(await client.call(sendName, { portico_approval_id: id }))).toBe("sent to jana@globex.cz");
      expect(sends()).toBe(before + 2);
      expect(await decisions()).toEqual([
        { decision: `allow · tool ${sendName}`, status: "success" },
        { decision: `approve · rule 1 of tool ${sendName} · held as ${id}`, status: "error" },
        {
          decision: `approve · rule 1 of tool ${sendName} · approved by ${env.world.adminA.credentials.name} (Known customer)`,
          status: "success",
        },
      ]);
      const audit = await env.app.db
        .select({ action: auditEvent.action })
        .from(auditEvent)
        .where(eq(auditEvent.targetId, id));
      expect(audit.map((event) => event.action).sort()).toEqual(["tool_call.approved", "tool_call.held"]);
    } finally {
      await client.close();
    }
  });

  it("denied: the caller reads the reviewer's reason and the provider is never called", async () => {
    await setPolicy("approve");
    const { secret } = await env.world.ownerA.caller.apiKeys.create({
      projectId: projectId(),
      name: "Agent key",
    });
    const client = await connect(secret);
    try {
      const before = sends();
      const id = approvalIdIn(await client.call(sendName, { to: "jana@globex.cz" }));
      await env.world.adminA.caller.governance.decide({
        projectId: projectId(),
        approvalId: id,
        decision: "deny",
        reason: "Not this customer",
      });
      const outcome = await client.call(sendName, { portico_approval_id: id });
      expect(outcome.isError).toBe(true);
      expect(text(outcome)).toMatch(/was denied by .+: Not this customer\. It was not run\./);
      expect(sends()).toBe(before);
    } finally {
      await client.close();
    }
  });

  it("expired: nobody decided in time, so the call never runs", async () => {
    await setPolicy("approve");
    const { secret } = await env.world.ownerA.caller.apiKeys.create({
      projectId: projectId(),
      name: "Agent key",
    });
    const client = await connect(secret);
    try {
      const before = sends();
      const id = approvalIdIn(await client.call(sendName, { to: "jana@globex.cz" }));
      // The clock passing the approval's time (APPROVAL_TTL_MINUTES), without waiting a day for it.
      await env.app.db
        .update(toolApproval)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(toolApproval.id, id));
      expect(text(await client.call(sendName, { portico_approval_id: id }))).toMatch(
        /expired before anyone decided/,
      );
      await expect(
        env.world.adminA.caller.governance.decide({
          projectId: projectId(),
          approvalId: id,
          decision: "approve",
        }),
      ).rejects.toThrow(/already expired/);
      expect(sends()).toBe(before);
    } finally {
      await client.close();
    }
  });

  it("a deny policy never reaches the provider; reads still run", async () => {
    await setPolicy("deny");
    const client = await connect(personalKey);
    try {
      const before = sends();
      const denied = await client.call(sendName, { to: "jana@globex.cz" });
      expect(denied.isError).toBe(true);
      expect(text(denied)).toContain(
        `does not allow Send e-mail — to: jana@globex.cz (deny · tool ${sendName})`,
      );
      expect(sends()).toBe(before);
      expect(text(await client.call(readName, {}))).toBe('{"contacts":[]}');
      expect(await decisions()).toEqual([{ decision: `deny · tool ${sendName}`, status: "error" }]);
    } finally {
      await client.close();
    }
  });
});

describe("a person never approves their own request unless the project allows it", () => {
  it("refuses the requester, then lets them once the project allows it", async () => {
    await setPolicy("approve");
    const client = await connectMcpClient(env.app, personalKey);
    try {
      const held = await client.callTool({ name: sendName, arguments: { to: "a@b.test" } });
      const id = approvalIdIn(held);
      await expect(
        env.world.ownerA.caller.governance.decide({
          projectId: projectId(),
          approvalId: id,
          decision: "approve",
        }),
      ).rejects.toThrow(/cannot approve your own request/);
      await env.world.ownerA.caller.governance.setSettings({
        projectId: projectId(),
        protectWrites: false,
        allowSelfApproval: true,
      });
      await env.world.ownerA.caller.governance.decide({
        projectId: projectId(),
        approvalId: id,
        decision: "approve",
      });
      await approvedCallsSettled(env.app);
      expect(text(await client.callTool({ name: sendName, arguments: { portico_approval_id: id } }))).toBe(
        "sent to a@b.test",
      );
    } finally {
      await client.close();
    }
  });
});

describe("confirm: the calling person confirms in their own client (Protect writes)", () => {
  beforeEach(async () => {
    await env.world.ownerA.caller.governance.setSettings({
      projectId: projectId(),
      protectWrites: true,
      allowSelfApproval: false,
    });
  });

  it("2026-07-28: an input request in plain words; accepted runs, declined does not", async () => {
    const shown: string[] = [];
    let answer: Record<string, boolean> | undefined = { confirm: true };
    const client = await connectModernMcpClient(env.app, personalKey, {
      onElicitForm: async (message) => {
        shown.push(message);
        return answer;
      },
    });
    try {
      const before = sends();
      expect(
        text(
          await client.callTool({ name: sendName, arguments: { to: "jana@globex.cz", subject: "Offer" } }),
        ),
      ).toBe("sent to jana@globex.cz");
      expect(shown).toEqual(["Send e-mail — to: jana@globex.cz, subject: Offer?"]);
      answer = undefined;
      const declined = await client.callTool({ name: sendName, arguments: { to: "petr@globex.cz" } });
      expect(text(declined)).toBe("You declined Send e-mail — to: petr@globex.cz. It was not run.");
      expect(sends()).toBe(before + 1);
      // Reads are not asked about.
      expect(text(await client.callTool({ name: readName, arguments: {} }))).toBe('{"contacts":[]}');
      expect(shown).toHaveLength(2);
      expect(await decisions()).toEqual([
        { decision: "confirm · Protect writes · confirmed by the caller", status: "success" },
        { decision: "confirm · Protect writes · declined by the caller", status: "error" },
      ]);
    } finally {
      await client.close();
    }
  });

  it("2025-11-25 with form elicitation: asked on the call's stream; accepted runs, declined does not", async () => {
    const client = new Client(
      { name: "elicit-client", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } } },
    );
    const asked: string[] = [];
    let accept = true;
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push((request.params as { message: string }).message);
      return accept ? { action: "accept", content: { confirm: true } } : { action: "decline" };
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${env.app.config.baseUrl}/mcp`), {
        fetch: inProcessFetch(env.app),
        requestInit: { headers: { authorization: `Bearer ${personalKey}` } },
      }),
    );
    try {
      const before = sends();
      expect(text(await client.callTool({ name: sendName, arguments: { to: "jana@globex.cz" } }))).toBe(
        "sent to jana@globex.cz",
      );
      accept = false;
      expect(text(await client.callTool({ name: sendName, arguments: { to: "petr@globex.cz" } }))).toMatch(
        /^You declined/,
      );
      expect(asked).toEqual(["Send e-mail — to: jana@globex.cz?", "Send e-mail — to: petr@globex.cz?"]);
      expect(sends()).toBe(before + 1);
    } finally {
      await client.close();
    }
  });

  it("a client that cannot ask: held for the person to confirm in Portico, then the retry gets the result", async () => {
    const client = await connectMcpClient(env.app, personalKey);
    try {
      const before = sends();
      const held = await client.callTool({ name: sendName, arguments: { to: "jana@globex.cz" } });
      expect(text(held)).toContain(
        "It needs your confirmation, and your client cannot ask for it: confirm it in Portico",
      );
      const id = approvalIdIn(held);
      // Only the person who called confirms it: not even an admin.
      await expect(
        env.world.adminA.caller.governance.decide({
          projectId: projectId(),
          approvalId: id,
          decision: "approve",
        }),
      ).rejects.toThrow(/Only the person who made this call/);
      await env.world.ownerA.caller.governance.decide({
        projectId: projectId(),
        approvalId: id,
        decision: "approve",
      });
      await approvedCallsSettled(env.app);
      expect(text(await client.callTool({ name: sendName, arguments: { portico_approval_id: id } }))).toBe(
        "sent to jana@globex.cz",
      );
      expect(sends()).toBe(before + 1);
    } finally {
      await client.close();
    }
  });
});

describe("policies are validated", () => {
  it("refuses a rule that is not valid CEL, saying why", async () => {
    await expect(
      env.world.ownerA.caller.governance.setPolicy({
        projectId: projectId(),
        targetKind: "tool",
        target: sendName,
        action: "allow",
        rules: [{ when: "args.amount >", action: "approve" }],
      }),
    ).rejects.toThrow(/^Rule 1: /);
    await expect(
      env.world.memberA.caller.governance.setPolicy({
        projectId: projectId(),
        targetKind: "tool",
        target: sendName,
        action: "deny",
        rules: [],
      }),
    ).rejects.toThrow();
  });
});
