// The test-only conformance fixture (test/conformance/fixture/), injected as /mcp's endpoint override:
// ignored in production, answering only the callers of keys named for it (every other project keeps its
// own tools), still behind Host/Origin and token checks, with each session usable only by the principal
// that opened it, resumable through its own event store, and closed when idle.
// `npm run test:conformance` runs the official suite itself; this file guards the properties cheaply.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "~/server/app-services.ts";
import type { Principal } from "~/server/gateway/auth/principal.ts";
import {
  installMcpEndpointOverride,
  mcpEndpointOverride,
} from "~/server/gateway/transport/endpoint-override.ts";
import { handleMcpRequest } from "~/server/gateway/transport/handle-mcp.ts";
import {
  type ConformanceFixture,
  createConformanceFixture,
  FIXTURE_KEY_NAME,
} from "../conformance/fixture/conformance-fixture.ts";
import { callerFor, createTestApp, signUp } from "../support/app.ts";
import { connectMcpClient, inProcessFetch, mcpPost } from "../support/mcp-client.ts";
import { newUser } from "../support/users.ts";

const LATEST = "2025-11-25";
const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: LATEST, capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};
const listTools = { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} };

/** A user with an organization, a project and an API key on it; returns the key's secret. */
async function projectKey(app: App, label: string, keyName = `${label} key`): Promise<string> {
  const caller = callerFor(app, await signUp(app, newUser(label)));
  const organization = await caller.organization.create({ name: `${label} org` });
  const project = await caller.project.create({ organizationId: organization.id, name: `${label} project` });
  const key = await caller.apiKeys.create({ projectId: project.id, name: keyName });
  return key.secret;
}

function mcpRequest(app: App, method: "GET" | "DELETE", headers: Record<string, string>): Promise<Response> {
  return handleMcpRequest(
    app,
    new Request(`${app.config.baseUrl}/mcp`, {
      method,
      headers: { host: new URL(app.config.baseUrl).host, accept: "text/event-stream", ...headers },
    }),
  );
}

interface SseEvent {
  id?: string;
  retry?: string;
  data: string;
}

/** Reads SSE events until `until` matches one or the stream ends. */
async function readEvents(response: Response, until?: (event: SseEvent) => boolean): Promise<SseEvent[]> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  const events: SseEvent[] = [];
  let buffer = "";
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const event: SseEvent = { data: "" };
      for (const line of buffer.slice(0, end).split("\n")) {
        const [field = "", ...rest] = line.split(":");
        const content = rest.join(":").trimStart();
        if (field === "id") event.id = content;
        if (field === "retry") event.retry = content;
        if (field === "data") event.data += content;
      }
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      if (event.id !== undefined || event.data) events.push(event);
      if (until?.(event)) {
        await reader.cancel();
        return events;
      }
    }
  }
  return events;
}

const fixture: ConformanceFixture = createConformanceFixture();
beforeAll(() => installMcpEndpointOverride(fixture));
afterAll(async () => {
  installMcpEndpointOverride(undefined);
  await fixture.sessions.closeAll();
});

describe("the override", () => {
  const principal = (callerName: string): Principal => ({
    projectId: "p",
    organizationId: "o",
    kind: "api_key",
    apiKeyId: "k",
    oauthClientId: null,
    oauthClientName: null,
    callerName,
    userId: "u",
    person: null,
  });
  const appIn = (environment: string) => ({ config: { environment } }) as unknown as App;

  it("answers only the callers of keys named for the fixture, and never in production", () => {
    expect(mcpEndpointOverride(appIn("test"), principal(FIXTURE_KEY_NAME))).toBe(fixture);
    expect(mcpEndpointOverride(appIn("test"), principal("Claude"))).toBeUndefined();
    expect(mcpEndpointOverride(appIn("production"), principal(FIXTURE_KEY_NAME))).toBeUndefined();
  });
});

describe("callers of other keys, with the fixture installed", () => {
  let app: App;
  let key: string;
  beforeAll(async () => {
    app = await createTestApp();
    key = await projectKey(app, "plain");
  });
  afterAll(async () => {
    await app?.database.close();
  });

  it("serves the project's own tools statelessly, without fixtures or sessions", async () => {
    const auth = { authorization: `Bearer ${key}` };
    const initialized = await mcpPost(app, initialize, auth);
    expect(initialized.headers.get("mcp-session-id")).toBeNull();
    expect((await initialized.json()).result.serverInfo.name).toBe("portico");
    const { result } = await (await mcpPost(app, listTools, auth)).json();
    const names = result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toContain("calculate");
    expect(names).not.toContain("test_simple_text");
    expect((await mcpRequest(app, "GET", auth)).status).toBe(405);
  });
});

describe("callers of the fixture's keys", () => {
  let app: App;
  let keyA: string;
  let keyB: string;
  let client: Client;
  let sessionId: string;
  const asA = () => ({ authorization: `Bearer ${keyA}`, "mcp-session-id": sessionId });

  beforeAll(async () => {
    app = await createTestApp();
    keyA = await projectKey(app, "tenant-a", FIXTURE_KEY_NAME);
    keyB = await projectKey(app, "tenant-b", FIXTURE_KEY_NAME);
    client = await connectMcpClient(app, keyA);
    const raw = await mcpPost(app, initialize, { authorization: `Bearer ${keyA}` });
    sessionId = raw.headers.get("mcp-session-id") ?? "";
  });
  afterAll(async () => {
    await client?.close();
    await app?.database.close();
  });

  it("answers with the suite's fixtures and opens a session", async () => {
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(client.getServerVersion()?.name).toBe("portico-conformance-fixture");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(["test_simple_text", "test_sampling"]),
    );
    const result = await client.callTool({ name: "test_simple_text", arguments: {} });
    expect(result.content).toEqual([{ type: "text", text: "This is a simple text response for testing." }]);
  });

  it("still checks Host/Origin and the bearer token first", async () => {
    expect((await mcpPost(app, listTools, { ...asA(), host: "evil.example.com" })).status).toBe(403);
    expect((await mcpPost(app, listTools, { ...asA(), origin: "http://evil.example.com" })).status).toBe(403);
    expect((await mcpPost(app, listTools, { "mcp-session-id": sessionId })).status).toBe(401);
  });

  it("refuses a session id presented with another project's key, as if it did not exist", async () => {
    const asB = { authorization: `Bearer ${keyB}`, "mcp-session-id": sessionId };
    for (const response of [
      await mcpPost(app, listTools, asB),
      await mcpRequest(app, "GET", asB),
      await mcpRequest(app, "DELETE", asB),
    ]) {
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe("Session not found");
    }
    // The owner's session survived B's DELETE.
    const own = await mcpPost(app, listTools, asA());
    expect(own.status).toBe(200);
    const [event] = await readEvents(own, (candidate) => candidate.data.includes('"id":2'));
    expect(JSON.parse(event?.data ?? "{}").result.tools.length).toBeGreaterThan(10);
  });

  it("sends sampling requests to the client on the session and returns its answer", async () => {
    const sampler = new Client({ name: "sampler", version: "1" }, { capabilities: { sampling: {} } });
    sampler.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      const content = request.params.messages[0]?.content;
      const prompt = content && "text" in content ? content.text : "";
      return { role: "assistant", model: "test-model", content: { type: "text", text: `echo: ${prompt}` } };
    });
    await sampler.connect(
      new StreamableHTTPClientTransport(new URL(`${app.config.baseUrl}/mcp`), {
        fetch: inProcessFetch(app),
        requestInit: { headers: { authorization: `Bearer ${keyA}` } },
      }),
    );
    try {
      const result = await sampler.callTool({ name: "test_sampling", arguments: { prompt: "hello" } });
      expect(result.content).toEqual([{ type: "text", text: "LLM response: echo: hello" }]);
    } finally {
      await sampler.close();
    }
    // A client that did not declare sampling gets a tool error, not a request it cannot answer.
    const refused = await client.callTool({ name: "test_sampling", arguments: { prompt: "hello" } });
    expect(refused).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/sampling capability/) }],
    });
  });

  it("closes a stream mid-call and replays the result to its own principal after Last-Event-ID", async () => {
    const call = {
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "test_reconnection", arguments: {} },
    };
    const headers = { ...asA(), "mcp-protocol-version": LATEST };
    const first = await readEvents(await mcpPost(app, call, headers));
    const [priming] = first;
    expect(priming?.id).toBeTruthy();
    expect(priming?.retry).toBe("1000");
    expect(first.some((event) => event.data.includes('"id":7'))).toBe(false);

    const lastEventId = priming?.id ?? "";
    const stolen = await mcpRequest(app, "GET", {
      authorization: `Bearer ${keyB}`,
      "mcp-session-id": sessionId,
      "last-event-id": lastEventId,
    });
    expect(stolen.status).toBe(404);

    const resumed = await mcpRequest(app, "GET", { ...headers, "last-event-id": lastEventId });
    expect(resumed.status).toBe(200);
    const replayed = await readEvents(resumed, (event) => event.data.includes('"id":7'));
    const result = JSON.parse(replayed.at(-1)?.data ?? "{}").result;
    expect(result.content[0].text).toMatch(/^Reconnection test completed \(stream closed mid-call: true\)/);
  });

  it("closes idle sessions, after which their id is unknown", async () => {
    const own = await mcpPost(app, initialize, { authorization: `Bearer ${keyB}` });
    const idleSession = own.headers.get("mcp-session-id") ?? "";
    const { sessions } = fixture;
    await sessions.closeIdle(Date.now() + 11 * 60_000);
    const response = await mcpPost(app, listTools, {
      authorization: `Bearer ${keyB}`,
      "mcp-session-id": idleSession,
    });
    expect(response.status).toBe(404);
    expect(sessions.size).toBe(0);
  });
});
