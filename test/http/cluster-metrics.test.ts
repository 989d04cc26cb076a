// Metrics of a server running as two processes (WEB_CONCURRENCY=2, PostgreSQL): each scrape lands on one
// of them and answers for both (observability/cluster-metrics.ts). Tool calls and scrapes each go on a
// fresh connection, so the kernel spreads them over both processes (40 calls all on one: 2⁻³⁹); a scrape
// answering for its own process only would count about half of them.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

const METRICS_TOKEN = "metrics-token-cluster-0123456789";
const CALLS = 40;
let server: RunningServer | undefined;
let apiKey = "";

/** One request on its own connection (no keep-alive), so that cluster balancing applies to each. */
function request(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string }> {
  const url = new URL(pathname, server?.baseUrl);
  return new Promise((resolve, reject) => {
    const sent = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, agent: false },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    sent.on("error", reject);
    sent.end(options.body);
  });
}

const callCalculate = (expression: string) =>
  request("/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${apiKey}`,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "calculate", arguments: { expression } },
    }),
  });

const scrape = () => request("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

/** The lines of one metric (name and labels exactly), with their values. */
function samples(text: string, series: string): number[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${series} `))
    .map((line) => Number(line.slice(line.lastIndexOf(" ") + 1)));
}

describe.runIf(process.env.DATABASE_URL)("metrics of two server processes", () => {
  beforeAll(async () => {
    server = await startServer({ env: { WEB_CONCURRENCY: "2", METRICS_TOKEN } });
    const browser = new HttpClient(server.baseUrl);
    await browser.signUp(newUser("cluster-metrics"));
    const organization = await browser.mutate<{ id: string }>("organization.create", { name: "Metrics" });
    const project = await browser.mutate<{ id: string }>("project.create", {
      organizationId: organization.id,
      name: "Metrics",
    });
    apiKey = (
      await browser.mutate<{ secret: string }>("apiKeys.create", { projectId: project.id, name: "m" })
    ).secret;
  }, SERVER_HOOK_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
  });

  it("every scrape, on either process, counts the tool calls both answered", async () => {
    for (let index = 0; index < CALLS; index++) {
      expect((await callCalculate(`${index} + 1`)).status).toBe(200);
    }
    const series = 'portico_tool_calls_total{door="mcp",outcome="success"}';
    for (let attempt = 0; attempt < 6; attempt++) {
      const { status, text } = await scrape();
      expect(status).toBe(200);
      expect(samples(text, series)).toEqual([CALLS]);
      // Fast histograms are summed per bucket too; gauges come once, for the whole server.
      expect(samples(text, 'portico_tool_call_duration_seconds_count{door="mcp"}')).toEqual([CALLS]);
      expect(samples(text, "portico_call_log_backlog")).toHaveLength(1);
      expect(samples(text, "portico_call_log_oldest_unwritten_seconds")).toHaveLength(1);
      expect(samples(text, 'portico_db_pool_connections{state="total"}')).toHaveLength(1);
    }
  });
});
