// /mcp speaks MCP 2026-07-28 beside 2025-11-25, chosen per request: a v2 SDK client pinned to
// 2026-07-28 (server/discover, the per-request envelope, no initialize) and a 1.x client on 2025-11-25
// both list and call tools on the same endpoint; 2026-07-28 lists carry caching hints; a call whose
// organization lost its connection asks the person to connect it (an input request on 2026-07-28, a
// URL elicitation error on 2025-11-25).
import type { Client as ModernClient } from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import { integrationConnection } from "~/server/db/schema/index.ts";
import type { RemoteMcpFake } from "../fakes/remote-mcp-server.ts";
import { createTestApp } from "../support/app.ts";
import { connectMcpClient, connectModernMcpClient, mcpPost } from "../support/mcp-client.ts";
import {
  connectMcpProvider,
  EXA_KEY,
  endpointOverrides,
  startBrevoFake,
  startExaFake,
  textOf,
} from "./servers-fixture.ts";
import { buildWorld } from "./world.ts";

const STANDARD = ["calculate", "convert_time", "date_calculate", "fetch_web_page", "get_current_time"];

let app: App;
let world: Awaited<ReturnType<typeof buildWorld>>;
let exa: RemoteMcpFake;
let brevo: RemoteMcpFake;
let secret = "";
let legacy: Client;
let modern: ModernClient;
/** The URL-mode input requests the modern client's person was shown. */
const shownUrls: string[] = [];

/** Sets the organization's Exa connection's status without telling the gateway (as another replica would). */
async function setExaStatus(status: "active" | "error") {
  await app.db
    .update(integrationConnection)
    .set({ status, statusReason: status === "error" ? "Exa refused the saved API key." : null })
    .where(
      and(eq(integrationConnection.organizationId, world.orgA.id), eq(integrationConnection.provider, "exa")),
    );
}

beforeAll(async () => {
  [exa, brevo] = await Promise.all([startExaFake(), startBrevoFake()]);
  app = await createTestApp(endpointOverrides({ exa, brevo }));
  world = await buildWorld(app);
  await connectMcpProvider(world.ownerA, world.orgA.id, "exa", EXA_KEY);
  await world.ownerA.caller.projectServers.addServer({ projectId: world.projectA.id, integrationId: "exa" });
  secret = (await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" })).secret;
  legacy = await connectMcpClient(app, secret);
  modern = await connectModernMcpClient(app, secret, {
    onElicitUrl: async (url) => {
      shownUrls.push(url);
      // The person follows the link and reconnects the account before accepting.
      await setExaStatus("active");
    },
  });
});
afterAll(async () => {
  await legacy?.close();
  await modern?.close();
  await app?.database.close();
  await Promise.all([exa?.close(), brevo?.close()]);
});

describe("one endpoint, two revisions", () => {
  it("negotiates 2026-07-28 with server/discover for the v2 client and 2025-11-25 for the 1.x client", () => {
    expect(modern.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    expect(modern.getServerVersion()?.name).toBe("portico");
    expect(legacy.getServerVersion()?.name).toBe("portico");
  });

  it("lists the same tools on both", async () => {
    const names = [...STANDARD, "exa_crawling_exa", "exa_web_search_exa"].sort();
    expect((await legacy.listTools()).tools.map((tool) => tool.name).sort()).toEqual(names);
    expect((await modern.listTools()).tools.map((tool) => tool.name).sort()).toEqual(names);
  });

  it("calls a tool on both, with the same result", async () => {
    const args = { name: "calculate", arguments: { expression: "2 * (3 + 4)" } };
    const fromLegacy = await legacy.callTool(args);
    const fromModern = await modern.callTool(args);
    expect(fromModern.structuredContent).toEqual({ expression: "2 * (3 + 4)", result: 14 });
    expect(fromModern.structuredContent).toEqual(fromLegacy.structuredContent);
    expect(fromModern.isError).toBeFalsy();
  });

  it("2026-07-28 lists carry private caching hints of 30 s, which the v2 client honours; 2025-11-25 lists carry none", async () => {
    const answers: unknown[] = [];
    const fresh = await connectModernMcpClient(app, secret, { onAnswer: (body) => answers.push(body) });
    await fresh.listTools();
    await fresh.listTools();
    await fresh.close();
    const lists = answers.filter(
      (body) => (body as { result?: { tools?: unknown } }).result?.tools !== undefined,
    );
    // The second listing came from the client's cache.
    expect(lists).toHaveLength(1);
    const answer = lists[0] as { result: Record<string, unknown> };
    expect(answer.result).toMatchObject({ ttlMs: 30_000, cacheScope: "private", resultType: "complete" });
    const legacyAnswer = await mcpPost(
      app,
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      {
        authorization: `Bearer ${secret}`,
      },
    );
    const legacyBody = (await legacyAnswer.json()) as { result: Record<string, unknown> };
    expect(legacyBody.result.ttlMs).toBeUndefined();
  });

  it("an unknown tool is an invalid-params error on 2026-07-28", async () => {
    await expect(modern.callTool({ name: "no_such_tool", arguments: {} })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it("a 2026-07-28 request is never answered by the 2025 fast path, whatever its headers", async () => {
    const response = await mcpPost(
      app,
      {
        jsonrpc: "2.0",
        id: 7,
        method: "tools/list",
        params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
      },
      { authorization: `Bearer ${secret}` },
    );
    // The v2 SDK answers: the envelope lacks client info and capabilities, which 2026-07-28 requires.
    const body = (await response.json()) as { error?: { code: number } };
    expect(body.error?.code).toBe(-32602);
  });
});

describe("connect your account", () => {
  it("on 2026-07-28, asks the person with a URL input request and retries once they connected", async () => {
    await setExaStatus("error");
    shownUrls.length = 0;
    const result = await modern.callTool({ name: "exa_web_search_exa", arguments: { query: "acme" } });
    expect(shownUrls).toEqual([`${app.config.baseUrl}/app/organization/${world.orgA.id}/integrations`]);
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain("Results for acme");
  });

  it("on 2026-07-28, answers the tool's error when the retry still finds no connection", async () => {
    await setExaStatus("error");
    const stubborn = await connectModernMcpClient(app, secret, { onElicitUrl: async () => undefined });
    const result = await stubborn.callTool({ name: "exa_web_search_exa", arguments: { query: "acme" } });
    await stubborn.close();
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("Exa refused the saved API key.");
  });

  it("on 2025-11-25, answers a URL elicitation error (-32042) on both of its paths", async () => {
    await setExaStatus("error");
    const error = await legacy
      .callTool({ name: "exa_web_search_exa", arguments: { query: "acme" } })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(McpError);
    const elicitationsOf = (data: unknown) =>
      (data as { elicitations: Array<Record<string, string>> }).elicitations;
    const url = `${app.config.baseUrl}/app/organization/${world.orgA.id}/integrations`;
    expect((error as McpError).code).toBe(-32042);
    expect(elicitationsOf((error as McpError).data)).toEqual([
      expect.objectContaining({ mode: "url", url, message: expect.stringContaining("Exa refused") }),
    ]);
    // The 1.x client's plain call took the fast path; a batch of one goes through the 1.x SDK's server.
    const batch = await mcpPost(
      app,
      [
        {
          jsonrpc: "2.0",
          id: 3,
          method: "tools/call",
          params: { name: "exa_web_search_exa", arguments: {} },
        },
      ],
      { authorization: `Bearer ${secret}` },
    );
    // (The SDK answers a batch of one with a single object.)
    const body = (await batch.json()) as { error: { code: number; data: unknown } };
    expect(body?.error.code).toBe(-32042);
    expect(elicitationsOf(body?.error.data)[0]).toMatchObject({ mode: "url", url });
    await setExaStatus("active");
  });
});
