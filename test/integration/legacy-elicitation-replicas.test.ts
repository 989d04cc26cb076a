// Form elicitation on 2025-11-25 across two Portico replicas on one PostgreSQL database (two app
// instances, each with its own pool, listener and in-process state): Neo's question goes out on the
// tools/call's stream from one replica, the client's answer POST lands on the other, and the call
// completes with it at once, relayed by NOTIFY, instead of waiting ELICITATION_WAIT_MS. An answer to
// the same question from another caller is taken (202) but never resolves the call. PostgreSQL only:
// PGlite is one process, where the answer never leaves memory (agent-clarification.test.ts).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "~/server/app.ts";
import type { App } from "~/server/app-services.ts";
import { parseConfig } from "~/server/config.ts";
import { formatKeyList } from "~/server/crypto/key-format.ts";
import { openDatabase } from "~/server/db/client.ts";
import { agentRun } from "~/server/db/schema/index.ts";
import { TEST_AUTH_SECRET, TEST_BASE_URL } from "../support/app.ts";
import { createScratchDatabase } from "../support/database.ts";
import { inProcessFetch, mcpPost } from "../support/mcp-client.ts";
import { neoCrmWorld, QUESTION, REQUEST } from "./neo-crm-world.ts";
import { buildWorld } from "./world.ts";

const serverUrl = process.env.DATABASE_URL;

/** Two replicas on a scratch database; the world is built through the first. */
async function twoReplicas() {
  const replicas: App[] = [];
  const scratch = await createScratchDatabase(serverUrl ?? "");
  const dataDir = mkdtempSync(path.join(tmpdir(), "portico-elicit-replicas-"));
  afterAll(async () => {
    for (const replica of replicas.reverse()) {
      await replica.gateway.stop();
      await replica.database.close();
    }
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const neo = await neoCrmWorld("sk-test-openai-replicas-0123456789", async (overrides, options) => {
    const config = parseConfig({
      APP_ENV: "test",
      BASE_URL: TEST_BASE_URL,
      BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
      DATA_DIR: dataDir,
      ENCRYPTION_KEYS: formatKeyList([{ id: "shared", key: randomBytes(32) }]),
      ...overrides,
    });
    for (let i = 0; i < 2; i += 1) {
      replicas.push(
        await createApp(config, await openDatabase({ kind: "postgres", url: scratch.url }), options),
      );
    }
    const [first] = replicas;
    if (!first) throw new Error("no replica");
    return { app: first, world: await buildWorld(first) };
  });
  return { ...neo, replicas };
}

const setup = serverUrl ? await twoReplicas() : null;

describe.skipIf(!setup)("2025-11-25 elicitation across replicas (PostgreSQL)", async () => {
  if (!setup) return;
  const { world, notes, agentId, agent, replicas, scriptAskThenAnswer } = setup;
  const [first, second] = replicas as [App, App];
  const { secret } = await world.ownerA.caller.apiKeys.create({
    projectId: world.projectA.id,
    name: "Client",
  });
  const intruder = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Other" });

  /**
   * A 1.x SDK client declaring form elicitation, whose initialize, other requests and answers (POSTs
   * without a method) each go to the replica given. Before answering "Acme" the intruder, another API
   * key of the same project, answers the same question "Wrong customer" on the answers' replica.
   */
  async function connect(route: { initialize: App; requests: App; answers: App }) {
    const answersTo = route.answers;
    const answerStatuses: number[] = [];
    const intruderStatuses: number[] = [];
    const client = new Client(
      { name: "elicit-client", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      expect((request.params as { message: string }).message).toBe(QUESTION);
      const wrong = { action: "accept", content: { answer: "Wrong customer" } };
      const stolen = await mcpPost(
        answersTo,
        { jsonrpc: "2.0", id: extra.requestId, result: wrong },
        { authorization: `Bearer ${intruder.secret}` },
      );
      intruderStatuses.push(stolen.status);
      // Long enough for the intruder's notification to reach the waiting replica, had it counted.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { action: "accept", content: { answer: "Acme" } };
    });
    const toInitialize = inProcessFetch(route.initialize);
    const toRequests = inProcessFetch(route.requests);
    const toAnswers = inProcessFetch(answersTo);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${TEST_BASE_URL}/mcp`), {
        fetch: async (input, init) => {
          // The client's GET (a standalone stream, refused with 405) goes with the requests.
          const { method } = JSON.parse(String(init?.body ?? '{"method":"GET"}')) as { method?: string };
          if (method === "initialize") return toInitialize(input, init);
          if (method !== undefined) return toRequests(input, init);
          const response = await toAnswers(input, init);
          answerStatuses.push(response.status);
          return response;
        },
        requestInit: { headers: { authorization: `Bearer ${secret}` } },
      }),
    );
    return { client, answerStatuses, intruderStatuses };
  }

  async function expectCompletedWithTheAnswer(client: Client) {
    notes.length = 0;
    await first.db.delete(agentRun).where(eq(agentRun.agentId, agentId));
    scriptAskThenAnswer();
    const started = Date.now();
    const result = await client.callTool({ name: agent.toolName, arguments: { request: REQUEST } });
    // Promptly: the 200 ms the client takes, not the ten minutes of a lost answer.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.structuredContent).toMatchObject({
      status: "completed",
      answer: "Added the call-back note to Acme.",
    });
    const runs = await first.db.select().from(agentRun).where(eq(agentRun.agentId, agentId));
    expect(runs.find((run) => run.status === "completed")).toMatchObject({ clarification: "Acme" });
    expect(notes).toEqual(["Acme: call back next week"]);
  }

  it("the call on one replica completes with the answer posted to the other; another caller's is not taken", async () => {
    const { client, answerStatuses, intruderStatuses } = await connect({
      initialize: first,
      requests: first,
      answers: second,
    });
    try {
      await expectCompletedWithTheAnswer(client);
      expect(answerStatuses).toEqual([202]);
      expect(intruderStatuses).toEqual([202]);
    } finally {
      await client.close();
    }
  }, 20_000);

  it("initialize and answer on one replica, the tools/call on the other: it elicits and completes", async () => {
    // The capability declared on `first` is known on `second`, which asks; the answer goes back to `first`.
    const { client, answerStatuses } = await connect({ initialize: first, requests: second, answers: first });
    try {
      await expectCompletedWithTheAnswer(client);
      expect(answerStatuses).toEqual([202]);
    } finally {
      await client.close();
    }
  }, 20_000);
});
