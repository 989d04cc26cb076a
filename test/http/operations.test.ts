// The operator's view of the production build over real HTTP: liveness and readiness answered without
// credentials, readiness failing from SIGTERM on while requests are still taken (SHUTDOWN_DELAY_MS),
// metrics behind their token with counters that move with tool calls, JSON log lines with the request
// id, and nothing the run used as a secret anywhere in what the process printed.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

const METRICS_TOKEN = "metrics-token-0123456789abcdef";
let server: RunningServer;
let apiKey: string;
const user = newUser("ops");

beforeAll(async () => {
  server = await startServer({
    env: {
      SHUTDOWN_DELAY_MS: "3000",
      METRICS_TOKEN,
      METRICS_PATH: "/internal/metrics",
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    },
  });
  const browser = new HttpClient(server.baseUrl);
  await browser.signUp(user);
  await browser.signOut();
  await browser.signIn(user);
  const organization = await browser.mutate<{ id: string }>("organization.create", { name: "Ops" });
  const project = await browser.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Ops",
  });
  apiKey = (
    await browser.mutate<{ secret: string }>("apiKeys.create", { projectId: project.id, name: "ops" })
  ).secret;
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

const scrape = (token = METRICS_TOKEN) =>
  fetch(`${server.baseUrl}/internal/metrics`, { headers: { authorization: `Bearer ${token}` } });

function counter(text: string, name: string, labels: string): number {
  const line = text.split("\n").find((entry) => entry.startsWith(`${name}{${labels}}`));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

const callCalculate = (expression: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${apiKey}`,
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "calculate", arguments: { expression } },
    }),
  });

describe("operations over HTTP", () => {
  it("answers liveness and readiness without credentials, and nothing more", async () => {
    const live = await fetch(`${server.baseUrl}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "alive" });
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", listen: "ok", callLog: "ok", draining: "ok" },
    });
  });

  it("serves metrics on the configured path behind the token, counting tool calls and HTTP requests", async () => {
    expect((await fetch(`${server.baseUrl}/internal/metrics`)).status).toBe(401);
    expect((await scrape("wrong-token-0123456789abcdef")).status).toBe(401);
    const before = await (await scrape()).text();
    // Both request paths of /mcp: the node:http one (plain JSON) and the Web one (an SSE preference).
    expect((await callCalculate("1 + 1", { "x-request-id": "req-ops-1" })).status).toBe(200);
    expect((await callCalculate("2 + 2", { accept: "text/event-stream, application/json" })).status).toBe(
      200,
    );
    const response = await scrape();
    expect(response.headers.get("content-type")).toContain("text/plain");
    const after = await response.text();
    const calls = (text: string) => counter(text, "portico_tool_calls_total", 'door="mcp",outcome="success"');
    expect(calls(after) - calls(before)).toBe(2);
    const mcpRequests = (text: string) =>
      counter(text, "portico_http_requests_total", 'group="mcp",status="200"');
    expect(mcpRequests(after) - mcpRequests(before)).toBe(2);
    expect(after).toMatch(/^portico_process_resident_memory_bytes /m);
  });

  it("logs each tool call as a JSON line with its request id, and no secret anywhere", async () => {
    // The line is written as the call ends; the server's output reaches this process a little later.
    const line = await vi.waitFor(
      () => {
        const found = server
          .output()
          .split("\n")
          .find((entry) => entry.includes('"requestId":"req-ops-1"'));
        if (!found) throw new Error("no log line for req-ops-1 yet");
        return found;
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(JSON.parse(line ?? "{}")).toMatchObject({
      level: "info",
      msg: "tool call",
      door: "mcp",
      tool: "calculate",
      outcome: "success",
    });
    for (const secret of [user.password, apiKey, METRICS_TOKEN]) {
      expect(server.output().includes(secret)).toBe(false);
    }
  });

  it(
    "fails readiness from SIGTERM on while still answering, then stops cleanly",
    async () => {
      const stopped = server.stop();
      // Readiness fails once the process has taken the signal: wait for that, not a fixed time.
      const ready = await vi.waitFor(
        async () => {
          const answer = await fetch(`${server.baseUrl}/readyz`);
          expect(answer.status).toBe(503);
          return answer;
        },
        { timeout: 5_000, interval: 20 },
      );
      expect(await ready.json()).toMatchObject({ status: "not ready", checks: { draining: "failing" } });
      // Requests are still taken during the delay, so a load balancer's last ones are not refused.
      expect((await callCalculate("3 + 3")).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      expect(await stopped).toBe(0);
    },
    SERVER_HOOK_TIMEOUT,
  );
});
