// The remote MCP engine against real SDK MCP servers on loopback (brevo: Bearer key, exa: x-api-key),
// with api-token connections made the way an organization makes them.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConnectionUnavailableError } from "~/server/integrations/connections/connection-errors.ts";
import { findConnection } from "~/server/integrations/connections/connection-store.ts";
import type { EngineTarget } from "~/server/integrations/engine/engine.ts";
import {
  createRemoteMcpEngine,
  remoteMcpEngine,
} from "~/server/integrations/engine/mcp-proxy/remote-mcp-engine.ts";
import { type FakeTool, sleep, startRemoteMcpFake } from "../fakes/remote-mcp-server.ts";
import { worldForFile } from "./world.ts";

const BREVO_KEY = "brevo-stored-key-0001";
const EXA_KEY = "exa-stored-key-0002";
const BIG = "x".repeat(300_000);

const brevoTools: FakeTool[] = [
  {
    name: "send_email_v2",
    description: "Sends a transactional email.",
    inputSchema: { type: "object", properties: { to: { type: "string" } }, required: ["to"] },
  },
  {
    name: "Send-Email.v2",
    title: "Send email (legacy)",
    description: "Legacy sender.",
    inputSchema: { type: "object", properties: { to: { type: "string" }, subject: { type: "string" } } },
    annotations: { readOnlyHint: false, openWorldHint: false },
  },
  { name: "Get.Contacts.From.The.Marketing.List.By.Segment.Id", description: "Lists contacts." },
  {
    name: "get_account",
    description: "Account details.",
    outputSchema: { type: "object", properties: { plan: { type: "string" } }, required: ["plan"] },
    annotations: { readOnlyHint: true },
    handle: () => ({
      content: [{ type: "text", text: '{"plan":"free"}' }],
      structuredContent: { plan: "free" },
    }),
  },
  {
    name: "broken_tool",
    handle: () => ({ isError: true, content: [{ type: "text", text: "Sender not verified" }] }),
  },
  {
    name: "strict_tool",
    handle: () => {
      throw new McpError(ErrorCode.InvalidParams, "Missing recipient");
    },
  },
  {
    name: "slow_report",
    handle: async (_args, signal) => {
      await sleep(5_000, signal);
      return { content: [{ type: "text", text: "late" }] };
    },
  },
  { name: "big_export", handle: () => ({ content: [{ type: "text", text: BIG }] }) },
];

const brevo = await startRemoteMcpFake({
  tools: brevoTools,
  auth: { header: "authorization", value: `Bearer ${BREVO_KEY}` },
  pageSize: 3,
});
const exa = await startRemoteMcpFake({
  tools: [{ name: "web_search_exa", description: "Searches the web." }],
  auth: { header: "x-api-key", value: EXA_KEY },
});
afterAll(() => Promise.all([brevo.close(), exa.close()]));
const { app, world } = await worldForFile({
  ALLOW_PRIVATE_URLS: "true",
  INTEGRATION_ENDPOINTS: JSON.stringify({ brevo: { mcpUrl: brevo.url }, exa: { mcpUrl: exa.url } }),
});
const brevoTarget: EngineTarget = { organizationId: world.orgA.id, integrationId: "brevo" };
const exaTarget: EngineTarget = { organizationId: world.orgA.id, integrationId: "exa" };
const engine = createRemoteMcpEngine({ callTimeoutMs: 400 });
const never = () => new AbortController().signal;
const textOf = (result: { content: Array<{ type: string; text?: string }> }) =>
  result.content.map((item) => item.text ?? "").join("\n");

beforeAll(async () => {
  for (const [provider, mcpApiKey] of [
    ["brevo", BREVO_KEY],
    ["exa", EXA_KEY],
  ] as const) {
    await world.ownerA.caller.integrations.credentials.saveOrganizationCredential({
      organizationId: world.orgA.id,
      provider,
      authFlow: "api-token",
      values: { mcpApiKey },
    });
  }
});

describe("remote MCP engine: tools", () => {
  it("lists every page of remote tools with unique [a-z0-9_]{1,40} names and their schemas", async () => {
    const listsBefore = brevo.calls("tools/list").length;
    const tools = await remoteMcpEngine.listTools(app, brevoTarget);
    const pages = brevo.calls("tools/list").slice(listsBefore);
    expect(pages).toHaveLength(Math.ceil(brevoTools.length / 3));
    expect(pages.map((page) => page.params?.cursor)).toEqual([undefined, "3", "6"]);
    expect(tools).toHaveLength(brevoTools.length);
    for (const tool of tools) expect(tool.name).toMatch(/^[a-z0-9_]{1,40}$/);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);

    const byDescription = (description: string) => tools.find((tool) => tool.description === description);
    // A valid remote name keeps it; the one that collides with it after normalizing gets a suffix.
    expect(byDescription("Sends a transactional email.")?.name).toBe("send_email_v2");
    const legacy = byDescription("Legacy sender.");
    expect(legacy?.name).toMatch(/^send_email_v2_[0-9a-f]{6}$/);
    expect(legacy).toMatchObject({
      title: "Send email (legacy)",
      inputSchema: brevoTools[1]?.inputSchema,
      annotations: { readOnlyHint: false, openWorldHint: false },
    });
    const long = byDescription("Lists contacts.");
    expect(long?.name).toBe("get_contacts_from_the_marketing_list_by");
    expect(long?.title).toBe("Get.Contacts.From.The.Marketing.List.By.Segment.Id");
    expect(byDescription("Account details.")).toMatchObject({
      outputSchema: brevoTools[3]?.outputSchema,
      annotations: { readOnlyHint: true, openWorldHint: true },
    });
  });

  it("keeps the list for later callers, shares one fetch among concurrent ones, and refetches after forget", async () => {
    const fresh = createRemoteMcpEngine();
    const listsBefore = brevo.calls("tools/list").length;
    const [first, second] = await Promise.all([
      fresh.listTools(app, brevoTarget),
      fresh.listTools(app, brevoTarget),
    ]);
    await fresh.listTools(app, brevoTarget);
    expect(second).toEqual(first);
    const pagesPerList = Math.ceil(brevoTools.length / 3);
    expect(brevo.calls("tools/list").length - listsBefore).toBe(pagesPerList);
    fresh.forget(brevoTarget);
    expect(await fresh.listTools(app, brevoTarget)).toEqual(first);
    expect(brevo.calls("tools/list").length - listsBefore).toBe(2 * pagesPerList);
  });
});

describe("remote MCP engine: calls", () => {
  it("forwards a call to the remote name with exactly the stored key in the provider's header", async () => {
    const tools = await engine.listTools(app, brevoTarget);
    const legacy = tools.find((tool) => tool.description === "Legacy sender.");
    const args = { to: "ana@example.com", subject: "Hi" };
    const result = await engine.callTool(app, brevoTarget, legacy?.name ?? "", args, never());
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(textOf(result))).toEqual(args);
    const call = brevo.calls("tools/call").at(-1);
    expect(call?.params).toMatchObject({ name: "Send-Email.v2", arguments: args });
    for (const request of brevo.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${BREVO_KEY}`);
      expect(request.headers["x-api-key"]).toBeUndefined();
      expect(request.headers.cookie).toBeUndefined();
    }

    const exaResult = await engine.callTool(app, exaTarget, "web_search_exa", { query: "mcp" }, never());
    expect(JSON.parse(textOf(exaResult))).toEqual({ query: "mcp" });
    const exaCall = exa.calls("tools/call").at(-1);
    expect(exaCall?.headers["x-api-key"]).toBe(EXA_KEY);
    expect(exaCall?.headers.authorization).toBeUndefined();
  });

  it("reuses one session for consecutive calls and opens a new one when the server forgot it", async () => {
    await engine.callTool(app, brevoTarget, "send_email_v2", { to: "a@example.com" }, never());
    const initializes = brevo.calls("initialize").length;
    await engine.callTool(app, brevoTarget, "send_email_v2", { to: "b@example.com" }, never());
    expect(brevo.calls("initialize").length).toBe(initializes);
    brevo.expireSessions();
    const result = await engine.callTool(app, brevoTarget, "send_email_v2", { to: "c@example.com" }, never());
    expect(JSON.parse(textOf(result))).toEqual({ to: "c@example.com" });
    expect(brevo.calls("initialize").length).toBe(initializes + 1);
    expect(brevo.requests.every((request) => request.method !== "GET")).toBe(true);
    // forget closes the session: the server is told it may free it, with the stored key as always.
    const deletesBefore = brevo.requests.filter((request) => request.method === "DELETE").length;
    engine.forget(brevoTarget);
    await vi.waitFor(() => {
      const deletes = brevo.requests.filter((request) => request.method === "DELETE");
      expect(deletes).toHaveLength(deletesBefore + 1);
      expect(deletes.at(-1)?.headers.authorization).toBe(`Bearer ${BREVO_KEY}`);
    });
  });

  it("passes structured content and the remote isError through", async () => {
    const account = await engine.callTool(app, brevoTarget, "get_account", {}, never());
    expect(account).toEqual({
      content: [{ type: "text", text: '{"plan":"free"}' }],
      structuredContent: { plan: "free" },
    });
    const broken = await engine.callTool(app, brevoTarget, "broken_tool", {}, never());
    expect(broken).toEqual({ isError: true, content: [{ type: "text", text: "Sender not verified" }] });
  });

  it("reports a JSON-RPC error with its message and code", async () => {
    const result = await engine.callTool(app, brevoTarget, "strict_tool", {}, never());
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("Brevo's MCP server refused the call: Missing recipient (code -32602)");
  });

  it("refuses a tool name the remote server does not have", async () => {
    const result = await engine.callTool(app, brevoTarget, "drop_all_contacts", {}, never());
    expect(result).toMatchObject({ isError: true });
    expect(textOf(result)).toBe("Brevo's MCP server has no tool named drop_all_contacts.");
  });

  it("cuts a very large result and says so", async () => {
    const result = await engine.callTool(app, brevoTarget, "big_export", {}, never());
    const [first, note] = result.content;
    expect(first?.type === "text" && first.text).toBe(BIG.slice(0, 100_000));
    expect(note?.type === "text" && note.text).toBe(
      "[Truncated by Portico: the result was 300 KB; only the first 100 KB are shown.]",
    );
  });

  it("gives up on a slow tool after the time limit, and on a cancelled call at once", async () => {
    const started = Date.now();
    const late = await engine.callTool(app, brevoTarget, "slow_report", {}, never());
    expect(textOf(late)).toBe("Brevo's MCP server did not answer within 0.4 s.");
    expect(Date.now() - started).toBeLessThan(3_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const cancelled = await engine.callTool(app, brevoTarget, "slow_report", {}, controller.signal);
    expect(textOf(cancelled)).toBe("The call was cancelled before Brevo's MCP server answered.");
  });

  it("says the stored key was refused when the server answers 401, and marks the connection broken", async () => {
    const message =
      "Brevo refused the stored MCP API key (HTTP 401). Update it in the organization's integrations.";
    brevo.auth = { ...brevo.auth, value: "Bearer rotated-at-brevo" };
    try {
      const call = await engine.callTool(app, brevoTarget, "send_email_v2", { to: "a@example.com" }, never());
      expect(call).toEqual({ isError: true, content: [{ type: "text", text: message }] });
      // A saved key has nothing to renew: its 401 breaks the connection (credential-refusal.ts).
      expect(await findConnection(app.db, world.orgA.id, "brevo")).toMatchObject({
        status: "error",
        statusReason: message,
      });
      engine.forget(brevoTarget);
      await expect(engine.listTools(app, brevoTarget)).rejects.toThrow(
        new ConnectionUnavailableError(message),
      );
    } finally {
      brevo.auth = { ...brevo.auth, value: `Bearer ${BREVO_KEY}` };
    }
    // The key works again at Brevo: a re-check repairs the connection.
    const again = await world.ownerA.caller.integrations.connections.recheck({
      organizationId: world.orgA.id,
      provider: "brevo",
    });
    expect(again).toMatchObject({ status: "active" });
    expect(await engine.listTools(app, brevoTarget)).toHaveLength(brevoTools.length);
  });

  it("gives up on a server that does not finish the handshake, and connects again next time", async () => {
    const impatient = createRemoteMcpEngine({ listTimeoutMs: 200 });
    brevo.initializeDelayMs = 1_000;
    try {
      await expect(impatient.listTools(app, brevoTarget)).rejects.toThrow(
        new ConnectionUnavailableError("Brevo's MCP server did not answer within 0.2 s."),
      );
    } finally {
      brevo.initializeDelayMs = 0;
    }
    expect(await impatient.listTools(app, brevoTarget)).toHaveLength(brevoTools.length);
  });

  it("reports an unreachable server", async () => {
    const gone = await startRemoteMcpFake({ tools: [], auth: { header: "x-api-key", value: EXA_KEY } });
    await gone.close();
    const moved = { ...app, config: { ...app.config, integrationEndpoints: { exa: { mcpUrl: gone.url } } } };
    const result = await engine.callTool(moved, exaTarget, "web_search_exa", {}, never());
    expect(textOf(result)).toBe("Could not reach Exa's MCP server: ECONNREFUSED.");
    await expect(engine.listTools(moved, exaTarget)).rejects.toBeInstanceOf(ConnectionUnavailableError);
  });
});

describe("remote MCP engine: connections", () => {
  it("needs the organization's connection, and says why it cannot be used", async () => {
    const other: EngineTarget = { organizationId: world.orgB.id, integrationId: "brevo" };
    await expect(engine.listTools(app, other)).rejects.toThrow(
      new ConnectionUnavailableError("Brevo is not connected."),
    );
    const missing = await engine.callTool(app, other, "send_email_v2", {}, never());
    expect(missing).toEqual({ isError: true, content: [{ type: "text", text: "Brevo is not connected." }] });

    await engine.listTools(app, exaTarget);
    const { credentials } = await world.ownerA.caller.integrations.credentials.getOrganizationCredentials({
      organizationId: world.orgA.id,
    });
    await world.ownerA.caller.integrations.credentials.deleteOrganizationCredential({
      organizationId: world.orgA.id,
      credentialId: credentials.find((c) => c.provider === "exa")?.id ?? "",
    });
    const reason = "The credentials this connection used were removed.";
    const callsBefore = exa.calls("tools/call").length;
    await expect(engine.listTools(app, exaTarget)).rejects.toThrow(new ConnectionUnavailableError(reason));
    const inactive = await engine.callTool(app, exaTarget, "web_search_exa", {}, never());
    expect(inactive).toEqual({ isError: true, content: [{ type: "text", text: reason }] });
    expect(exa.calls("tools/call").length).toBe(callsBefore);
  });
});
