// The monthly request quota is exact across server processes: with Free's 30,000 requests and the
// count seeded 50 below, 51 tool calls from 8 concurrent callers split over two Portico processes on
// one PostgreSQL database (half on /mcp's node:http path, half on the SDK's streaming path) admit
// exactly 50 — the 30,000th passes, the 30,001st is refused — and every door refuses afterwards.
// It needs PostgreSQL (DATABASE_URL): the embedded database serves one process only.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "../support/database.ts";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

const SEEDED_BELOW_LIMIT = 50;
const CALLERS = 8;

let scratch: ScratchDatabase | undefined;
let servers: RunningServer[] = [];
let apiKey = "";
let organizationId = "";

interface CallResult {
  admitted: boolean;
  error?: { code: number; message: string; data?: { code?: string; upgradeUrl?: string } };
}

async function callTool(server: RunningServer, id: number, stream: boolean): Promise<CallResult> {
  const response = await fetch(`${server.baseUrl}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${apiKey}`,
      "content-type": "application/json",
      accept: stream ? "text/event-stream, application/json" : "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "calculate", arguments: { expression: "6*7" } },
    }),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  const json = stream ? (text.split("\n").find((line) => line.startsWith("data: ")) ?? "").slice(6) : text;
  const message = JSON.parse(json);
  if (message.error) return { admitted: false, error: message.error };
  expect(message.result.content[0].text).toContain("42");
  return { admitted: true };
}

async function seedUsage(used: number) {
  const client = new pg.Client({ connectionString: scratch?.url });
  await client.connect();
  try {
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    await client.query(
      "insert into usage_counter (organization_id, period_start, used) values ($1, $2, $3)",
      [organizationId, monthStart, used],
    );
  } finally {
    await client.end();
  }
}

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)("Free's 30,000 monthly requests across two server processes", () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl as string);
    const databaseUrl = scratch.url;
    servers = [await startServer({ databaseUrl }), await startServer({ databaseUrl })];
    const [first] = servers;
    if (!first) throw new Error("no server");
    const client = new HttpClient(first.baseUrl);
    await client.signUp(newUser("quota"));
    const org = await client.mutate<{ id: string }>("organization.create", { name: "Quota" });
    organizationId = org.id;
    const project = await client.mutate<{ id: string }>("project.create", { organizationId, name: "Quota" });
    apiKey = (await client.mutate<{ secret: string }>("apiKeys.create", { projectId: project.id, name: "k" }))
      .secret;
  }, SERVER_HOOK_TIMEOUT * 2);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await scratch?.drop();
  });

  it("admits the 30,000th call and refuses the 30,001st", async () => {
    await seedUsage(30_000 - SEEDED_BELOW_LIMIT);
    const total = SEEDED_BELOW_LIMIT + 1;
    // Caller i makes calls i, i+8, i+16…: 51 calls over 8 callers, callers alternating processes.
    const results = await Promise.all(
      Array.from({ length: CALLERS }, async (_, caller) => {
        const server = servers[caller % servers.length] as RunningServer;
        const outcomes: CallResult[] = [];
        for (let id = caller; id < total; id += CALLERS)
          outcomes.push(await callTool(server, id, caller % 4 >= 2));
        return outcomes;
      }),
    );
    const all = results.flat();
    expect(all).toHaveLength(total);
    expect(all.filter((result) => result.admitted)).toHaveLength(SEEDED_BELOW_LIMIT);
    const refused = all.filter((result) => !result.admitted);
    expect(refused).toHaveLength(1);
    const error = refused[0]?.error;
    expect(error?.data?.code).toBe("PAYMENT_REQUIRED");
    expect(error?.message).toContain("30,000 monthly requests of its Free plan");
    expect(error?.message).toContain(`/app/organization/${organizationId}/billing`);

    // Every process and every door refuses from now on: /mcp on both paths, and REST with 402.
    for (const server of servers) {
      expect((await callTool(server, 900, false)).admitted).toBe(false);
      expect((await callTool(server, 901, true)).admitted).toBe(false);
      const rest = await fetch(`${server.baseUrl}/api/v1/tools/calculate`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ expression: "1+1" }),
      });
      expect(rest.status).toBe(402);
      const body = await rest.json();
      expect(body.error.code).toBe("PAYMENT_REQUIRED");
      expect(body.error.message).toContain("/billing");
    }
  });
});
