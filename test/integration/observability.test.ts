// Operating Portico (issue 30): readiness, the metrics endpoint's counters by door, an OTLP trace of a
// tool call as a local receiver gets it (the client's trace continued, passed upstream, kept in the call
// log), and a full run's logs with no secret in them.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runStepTool } from "~/server/agents/neo/run-step-tool.ts";
import type { App } from "~/server/app-services.ts";
import { toolCall } from "~/server/db/schema/index.ts";
import type { Principal } from "~/server/gateway/auth/principal.ts";
import { handleRestRequest } from "~/server/gateway/rest/handle-rest.ts";
import { handleOpsRequest } from "~/server/observability/handle-ops.ts";
import { readiness, startDraining } from "~/server/observability/health.ts";
import { flushLogs, setLogOutput } from "~/server/observability/logger.ts";
import { createTestApp, TEST_AUTH_SECRET } from "../support/app.ts";
import { expireStoredToken } from "../support/expire-token.ts";
import { mcpPost } from "../support/mcp-client.ts";
import { OAuthTestClient } from "../support/oauth-client.ts";
import { HUBSPOT_APP, RAYNET, startOpenApiWorld } from "./openapi-world.ts";

// ---- a local OTLP/HTTP receiver (JSON encoding, which OTEL_EXPORTER_OTLP_TRACES_PROTOCOL asks for) ----

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}

let receiver: Server;
const received: ReceivedSpan[] = [];
const receiverPaths: string[] = [];

async function startReceiver(): Promise<string> {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      receiverPaths.push(`${req.method} ${req.url} ${req.headers["content-type"]}`);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        resourceSpans: Array<{ scopeSpans: Array<{ spans: ReceivedSpan[] }> }>;
      };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans) received.push(...scope.spans);
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`;
}

// ---- everything the process writes, for the secrets check ----

let captured = "";
const capture = (text: unknown) => {
  captured += `${typeof text === "string" ? text : String(text)}\n`;
};

let w: Awaited<ReturnType<typeof startOpenApiWorld>>;
let apiKey: string;
let principal: Principal;

beforeAll(async () => {
  setLogOutput((text) => {
    captured += text;
  });
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      for (const arg of args) capture(arg instanceof Error ? `${arg.message}\n${arg.stack}` : arg);
    });
  }
  const endpoint = await startReceiver();
  w = await startOpenApiWorld({
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint,
    // JSON, so the receiver decodes it with JSON.parse; the protobuf bytes are checked against the
    // OpenTelemetry SDK's own serializer (otlp-protobuf.test.ts).
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/json",
    LOG_LEVEL: "debug",
    LOG_FORMAT: "json",
    TRACE_URL: "https://traces.example/trace/{traceId}",
  });
  apiKey = (await w.world.ownerA.caller.apiKeys.create({ projectId: w.world.projectA.id, name: "ops" }))
    .secret;
  principal = {
    projectId: w.world.projectA.id,
    organizationId: w.world.orgA.id,
    kind: "api_key",
    apiKeyId: null,
    oauthClientId: null,
    oauthClientName: null,
    callerName: "Neo",
    userId: w.world.ownerA.id,
    person: null,
  };
  await w.world.ownerA.caller.projectServers.addServer({
    projectId: w.world.projectA.id,
    integrationId: "hubspot",
  });
}, 60_000);

afterAll(async () => {
  setLogOutput(null);
  vi.restoreAllMocks();
  await w?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const mcpCall = (
  name: string,
  args: Record<string, unknown>,
  headers: Record<string, string> = {},
  meta?: object,
) =>
  mcpPost(
    w.app,
    {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
    },
    { authorization: `Bearer ${apiKey}`, ...headers },
  );

async function scrape(app: App, headers: Record<string, string> = {}): Promise<Response> {
  const path = app.config.metrics.path;
  const response = handleOpsRequest(
    app.config,
    () => Promise.resolve(app),
    new Request(`${app.config.baseUrl}${path}`, { headers }),
    path,
  );
  if (!response) throw new Error("metrics are off");
  return response;
}

/** The value of one sample of the scrape, 0 when it is absent. */
async function sample(name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await scrape(w.app)).text();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.indexOf("}"));
    const parts = labelText.split(",");
    if (wanted.every((part) => parts.includes(part)) && parts.length === wanted.length)
      return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CLIENT_SPAN = "00f067aa0ba902b7";
const TRACEPARENT = `00-${TRACE_ID}-${CLIENT_SPAN}-01`;

describe("metrics", () => {
  it("counts tool calls from each door: mcp, rest, playground, agent", async () => {
    const before = {
      mcp: await sample("portico_tool_calls_total", { door: "mcp", outcome: "success" }),
      rest: await sample("portico_tool_calls_total", { door: "rest", outcome: "success" }),
      playground: await sample("portico_tool_calls_total", { door: "playground", outcome: "error" }),
      agent: await sample("portico_tool_calls_total", { door: "agent", outcome: "success" }),
      mcpLatency: await sample("portico_tool_call_duration_seconds_count", { door: "mcp" }),
    };
    const mcp = await mcpCall("calculate", { expression: "2 + 3" });
    expect(await mcp.text()).toContain('"result":5}');
    await mcpCall("calculate", { expression: "2 * 3" });

    const rest = await handleRestRequest(
      w.app,
      new Request(`${w.app.config.baseUrl}/api/v1/tools/calculate`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${apiKey}`,
          "content-type": "application/json",
          host: "localhost:3000",
        },
        body: JSON.stringify({ expression: "1 + 1" }),
      }),
      "/api/v1/tools/calculate",
    );
    expect(rest.status).toBe(200);

    // The playground: HubSpot answers 500, so the run is an error.
    const [server] = await w.world.ownerA.caller.projectServers.getProjectServersByProjectId({
      projectId: w.world.projectA.id,
    });
    const { tools } = await w.world.ownerA.caller.projectServers.getServerTools({
      projectId: w.world.projectA.id,
      serverId: server?.id ?? "",
    });
    const listContacts = tools.find((tool) => tool.name.endsWith("list_contacts"));
    w.reset();
    w.hubspotApi.respond = () => ({ status: 500, json: { message: "down" } });
    const run = await w.world.ownerA.caller.projectServers.runTool({
      projectId: w.world.projectA.id,
      serverId: server?.id ?? "",
      toolName: (listContacts?.name ?? "").replace(/^hubspot_/, ""),
      arguments: { limit: 1 },
    });
    expect(run.result.isError).toBe(true);
    w.reset();

    const { byName } = await w.app.gateway.tools.toolsFor(w.world.projectA.id);
    const calculate = byName.get("calculate");
    if (!calculate) throw new Error("no calculate tool");
    const step = await runStepTool(w.app, principal, calculate, { expression: "4 / 2" }, undefined);
    expect(step.isError).toBeFalsy();

    expect(await sample("portico_tool_calls_total", { door: "mcp", outcome: "success" })).toBe(
      before.mcp + 2,
    );
    expect(await sample("portico_tool_calls_total", { door: "rest", outcome: "success" })).toBe(
      before.rest + 1,
    );
    expect(await sample("portico_tool_calls_total", { door: "playground", outcome: "error" })).toBe(
      before.playground + 1,
    );
    expect(await sample("portico_tool_calls_total", { door: "agent", outcome: "success" })).toBe(
      before.agent + 1,
    );
    expect(await sample("portico_tool_call_duration_seconds_count", { door: "mcp" })).toBe(
      before.mcpLatency + 2,
    );
    // The playground's upstream request, by integration and outcome.
    expect(
      await sample("portico_upstream_request_duration_seconds_count", {
        integration: "hubspot",
        outcome: "5xx",
      }),
    ).toBeGreaterThanOrEqual(1);

    await w.app.gateway.recorder.flush();
    const text = await (await scrape(w.app)).text();
    expect(text).toMatch(/^portico_call_log_backlog 0$/m);
    expect(text).toMatch(/^portico_call_log_oldest_unwritten_seconds 0$/m);
    expect(text).toMatch(/^portico_call_log_flush_duration_seconds_count\{outcome="success"\} [1-9]/m);
    expect(text).toMatch(/^portico_process_cpu_seconds_total /m);
  });

  it("counts OAuth refreshes and their failures", async () => {
    const expire = () => expireStoredToken(w.app.db, w.world.orgA.id, "hubspot");
    const successes = await sample("portico_oauth_refreshes_total", { outcome: "success" });
    const failures = await sample("portico_oauth_refreshes_total", { outcome: "failure" });
    w.reset();
    await expire();
    expect((await w.call(w.hubspot, "list_contacts", { limit: 1 })).isError).toBeFalsy();
    expect(await sample("portico_oauth_refreshes_total", { outcome: "success" })).toBe(successes + 1);
    await expire();
    w.hubspotAuth.refreshError = { error: "invalid_grant", error_description: "revoked" };
    expect((await w.call(w.hubspot, "list_contacts", { limit: 1 })).isError).toBe(true);
    w.hubspotAuth.refreshError = null;
    expect(await sample("portico_oauth_refreshes_total", { outcome: "failure" })).toBe(failures + 1);
    // Connected again for the tests after this one.
    await w.connectOAuth(w.world.ownerA, w.world.orgA.id, "hubspot");
  });

  it("is behind the bearer token when one is set, and off in production without one", async () => {
    const app = {
      ...w.app,
      config: { ...w.app.config, metrics: { ...w.app.config.metrics, token: "t".repeat(32) } },
    };
    expect((await scrape(app)).status).toBe(401);
    expect((await scrape(app, { authorization: `Bearer ${"x".repeat(32)}` })).status).toBe(401);
    expect((await scrape(app, { authorization: `Bearer ${"t".repeat(32)}` })).status).toBe(200);
    const { parseConfig } = await import("~/server/config.ts");
    expect(parseConfig({ APP_ENV: "production" }).metrics.enabled).toBe(false);
    expect(parseConfig({ APP_ENV: "production", METRICS_TOKEN: "t".repeat(32) }).metrics.enabled).toBe(true);
    expect(parseConfig({ APP_ENV: "production", METRICS: "on" }).metrics.enabled).toBe(true);
  });
});

describe("traces", () => {
  it("exports the tool call's span with admission, upstream HTTP and call-log write, in the client's trace", async () => {
    w.reset();
    w.hubspotApi.respond = () => ({ json: { results: [] } });
    received.length = 0;
    const response = await mcpCall("hubspot_list_contacts", { limit: 1 }, { traceparent: TRACEPARENT });
    const body = await response.text();
    expect(body).not.toContain('"isError":true');
    await w.app.tracing?.flush();

    expect(receiverPaths.at(-1)).toBe("POST /v1/traces application/json");
    const spans = received.filter((span) => span.traceId === TRACE_ID);
    const root = spans.find((span) => span.name === "tools/call hubspot_list_contacts");
    expect(root?.parentSpanId).toBe(CLIENT_SPAN);
    const children = spans.filter((span) => span.parentSpanId === root?.spanId).map((span) => span.name);
    expect(children).toEqual(expect.arrayContaining(["admission", "GET hubspot", "call-log write"]));
    const upstream = spans.find((span) => span.name === "GET hubspot");
    expect(upstream?.attributes).toContainEqual({
      key: "http.response.status_code",
      value: { intValue: 200 },
    });

    // Passed on upstream as the upstream span's own traceparent, in the same trace.
    const sent = w.hubspotApi.requests.at(-1)?.headers.traceparent;
    expect(sent).toBe(`00-${TRACE_ID}-${upstream?.spanId}-01`);

    // Kept in the call log, and the call's details link to it.
    await w.app.gateway.recorder.flush();
    const [row] = await w.app.db
      .select({ id: toolCall.id, createdAt: toolCall.createdAt, traceId: toolCall.traceId })
      .from(toolCall)
      .where(and(eq(toolCall.projectId, w.world.projectA.id), eq(toolCall.toolName, "hubspot_list_contacts")))
      .orderBy(sql`${toolCall.createdAt} desc`)
      .limit(1);
    expect(row?.traceId).toBe(TRACE_ID);
    const details = await w.world.ownerA.caller.callLog.get({
      projectId: w.world.projectA.id,
      callId: row?.id ?? "",
      createdAt: row?.createdAt ?? new Date(),
    });
    expect(details.traceId).toBe(TRACE_ID);
    expect(details.traceUrl).toBe(`https://traces.example/trace/${TRACE_ID}`);
  });

  it("continues an MCP message's params._meta.traceparent, and starts a trace of its own without one", async () => {
    const metaTrace = "0af7651916cd43dd8448eb211c80319c";
    received.length = 0;
    await mcpCall(
      "calculate",
      { expression: "1" },
      {},
      { traceparent: `00-${metaTrace}-b7ad6b7169203331-01` },
    );
    await mcpCall("calculate", { expression: "2" });
    await w.app.tracing?.flush();
    const roots = received.filter((span) => span.name === "tools/call calculate");
    expect(roots.map((span) => span.traceId)).toContain(metaTrace);
    expect(roots.filter((span) => span.traceId !== metaTrace)).toHaveLength(1);
    // An invalid traceparent is ignored (W3C): a new trace, no error.
    const invalid = await mcpCall("calculate", { expression: "3" }, { traceparent: "00-zzz-01" });
    expect(await invalid.text()).toContain('"result":3}');
  });
});

describe("readiness", () => {
  it("is ready with every check ok, and says nothing but check names and states", async () => {
    const response = await handleOpsRequest(
      w.app.config,
      () => Promise.resolve(w.app),
      new Request(`${w.app.config.baseUrl}/readyz`),
      "/readyz",
    );
    expect(response?.status).toBe(200);
    expect(await response?.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", listen: "ok", callLog: "ok", draining: "ok" },
    });
    const live = await handleOpsRequest(
      w.app.config,
      () => Promise.reject(new Error("not used")),
      new Request(`${w.app.config.baseUrl}/healthz`),
      "/healthz",
    );
    expect(live?.status).toBe(200);
  });

  it("fails while a migration of this build is not applied", async () => {
    const app = await createTestApp();
    try {
      await app.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const result = await readiness(app);
      expect(result.ready).toBe(false);
      expect(result.checks).toMatchObject({ database: "ok", migrations: "failing" });
    } finally {
      await app.database.close();
    }
  });

  it("fails when the database is unreachable", async () => {
    const app = await createTestApp();
    expect((await readiness(app)).ready).toBe(true);
    await app.database.close();
    // Past the moment a result is reused: only the clock is faked, the database check's timers stay real.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 600);
    const result = await readiness(app).finally(() => vi.useRealTimers());
    expect(result.ready).toBe(false);
    expect(result.checks.database).toBe("failing");
  });

  it("fails while draining after SIGTERM", async () => {
    expect((await readiness(w.app)).ready).toBe(true);
    startDraining(w.app);
    const result = await readiness(w.app);
    expect(result).toMatchObject({ ready: false, checks: { draining: "failing", database: "ok" } });
  });
});

describe("logs", () => {
  it("a full run (sign-in, API key, OAuth tokens, credentials, tool calls) logs no secret", async () => {
    // An MCP OAuth client's tokens, used for a tool call.
    const client = await OAuthTestClient.register(w.app);
    const tokens = await client.connect(w.world.ownerA.cookie, w.world.projectA.id);
    const viaOAuth = await mcpPost(
      w.app,
      {
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "calculate", arguments: { expression: "6*7" } },
      },
      { authorization: `Bearer ${tokens.access_token}` },
    );
    expect(await viaOAuth.text()).toContain("42");
    // A refused key and token are logged as refusals, never as the values.
    await mcpCall("calculate", { expression: "1" }, { authorization: "Bearer pk_not-a-real-key-0000000000" });
    await w.app.gateway.recorder.flush();
    flushLogs();

    expect(captured).toContain('"msg":"tool call"');
    const line = captured
      .split("\n")
      .find((text) => text.includes('"door":"mcp"') && text.includes('"tool":"calculate"'));
    expect(JSON.parse(line ?? "{}")).toMatchObject({
      level: "info",
      msg: "tool call",
      project: w.world.projectA.id,
      tool: "calculate",
      outcome: "success",
    });
    expect(JSON.parse(line ?? "{}").requestId).toMatch(/.+/);
    expect(typeof JSON.parse(line ?? "{}").durationMs).toBe("number");

    const cookieToken = decodeURIComponent(w.world.ownerA.cookie.split("=")[1]?.split(";")[0] ?? "");
    const secrets = {
      password: w.world.ownerA.credentials.password,
      apiKey,
      sessionCookie: cookieToken.split(".")[0] ?? "",
      mcpAccessToken: tokens.access_token,
      mcpRefreshToken: tokens.refresh_token ?? "",
      hubspotClientSecret: HUBSPOT_APP.clientSecret,
      raynetApiKey: RAYNET.apiKey,
      authSecret: TEST_AUTH_SECRET,
      ...Object.fromEntries(w.hubspotAuth.issued.map((token, index) => [`hubspotToken${index}`, token])),
    };
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(8);
      expect(captured.includes(value), `${name} appears in the logs`).toBe(false);
    }
  });
});
