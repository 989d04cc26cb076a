// npm run bench:agent-step — what one agent step adds over the tool call it makes (issue 39, item 6).
// In one process on the embedded database: Neo runs against a model answering at once in this process
// (support/instant-openai-model.ts, no socket), its executor calling an instant tool N times; the same tool is called N times directly
// through the real /mcp handler (JSON-RPC tools/call with an API key, as a client sends it). An agent
// step costs (run with N steps − run with no step) / N, since both runs have the same fixed stages; it
// adds that minus a direct call. Runs alternate, BENCH_REPEATS of each (default 7), medians reported,
// as wall time and as the process's CPU time (all threads), which a loaded machine disturbs less.
// BENCH_STEPS (default 20) steps per run. The target is ≤ 5 ms added per step.
// The fake model's own work (parsing each request's JSON, which holds the whole conversation, and
// writing its answer) is the provider's, not Portico's: it is timed in the fake and taken off the
// agent runs' figures, and reported apart (modelFakeMsPerStep), as is the figure with it left in.
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { saveLlmCredential } from "../src/server/agents/credentials/llm-credential-store.ts";
import { runNeo } from "../src/server/agents/neo/run-neo.ts";
import { addAgentToProject } from "../src/server/agents/project-agents.ts";
import { generateApiKeySecret } from "../src/server/api-keys/api-key-secret.ts";
import { createApp } from "../src/server/app.ts";
import { setPlanByHand } from "../src/server/billing/subscriptions.ts";
import { parseConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/db/client.ts";
import {
  apiKey,
  organization,
  organizationMember,
  project,
  projectAgent,
  user,
} from "../src/server/db/schema/index.ts";
import { personPrincipal } from "../src/server/gateway/auth/principal.ts";
import type { ToolSource } from "../src/server/gateway/catalogue/project-tools.ts";
import type { GatewayTool } from "../src/server/gateway/catalogue/tool-types.ts";
import { handleMcpRequest } from "../src/server/gateway/transport/handle-mcp.ts";
import { type InstantTurn, installInstantModel, MODEL_BASE_URL } from "./support/instant-openai-model.ts";

const STEPS = Number(process.env.BENCH_STEPS ?? 20);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
const KEY = "sk-bench-0123456789";

const echo: GatewayTool = {
  name: "bench_echo",
  title: "Echo",
  description: "Answers with the text it is given, at once.",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  annotations: { readOnlyHint: true },
  serverId: "bench-server",
  serverName: "Bench",
  run: async (args) => ({ content: [{ type: "text", text: String(args.text) }] }),
};
const source: ToolSource = async () => [echo];

const model = installInstantModel();
const config = parseConfig({
  APP_ENV: "test",
  BASE_URL: "http://localhost:3000",
  BETTER_AUTH_SECRET: "x".repeat(40),
  LLM_ENDPOINTS: JSON.stringify({ openai: MODEL_BASE_URL }),
});
const app = await createApp(config, await openDatabase({ kind: "pglite", dataDir: null }), {
  extraToolSources: [source],
});
await app.db.insert(user).values({ id: "u1", name: "Bench", email: "bench@example.test" });
await app.db.insert(organization).values({ id: "o1", name: "Bench" });
await app.db.insert(organizationMember).values({ organizationId: "o1", userId: "u1", role: "owner" });
await app.db.insert(project).values({ id: "p1", organizationId: "o1", name: "Bench" });
await setPlanByHand(app, "o1", "business", "monthly");
const secret = generateApiKeySecret();
await app.db.insert(apiKey).values({
  projectId: "p1",
  name: "bench",
  createdBy: "u1",
  secretHash: secret.secretHash,
  prefix: secret.prefix,
  lastFour: secret.lastFour,
});
await app.gateway.keyCreated(secret.secretHash);

const credential = await saveLlmCredential(app, "u1", "o1", {
  llmType: "openai",
  name: "Bench",
  apiKey: KEY,
});
const { id: agentId } = await addAgentToProject(app, "u1", "p1", "neo");
await app.db
  .update(projectAgent)
  .set({ llmCredentialId: credential.id, maxSteps: 100 })
  .where(eq(projectAgent.id, agentId));
const [agent] = await app.db.select().from(projectAgent).where(eq(projectAgent.id, agentId));
if (!agent) throw new Error("no agent");
const principal = personPrincipal({
  projectId: "p1",
  organizationId: "o1",
  userId: "u1",
  callerName: "bench",
});

/** CPU milliseconds of the whole process (every thread: the embedded database's too). */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Cost {
  wall: number;
  cpu: number;
}

/** An agent run's cost with the fake model's own time taken off, and that time. */
interface RunCost extends Cost {
  fake: Cost;
}

async function agentRun(steps: number): Promise<RunCost> {
  const turns: InstantTurn[] = [
    { text: "Echo things." },
    { text: '{"servers":["bench-server"]}' },
    { text: "1. Echo with bench_echo" },
    ...Array.from({ length: steps }, (_, i) => ({
      toolCall: { name: "bench_echo", args: { text: `t${i}` } },
    })),
    { text: "Done." },
  ];
  model.script(turns);
  const fakeStarted = model.spent();
  const started = performance.now();
  const cpuStarted = cpuMs();
  const result = await runNeo(app, {
    agent: agent as typeof projectAgent.$inferSelect,
    principal,
    request: "Echo",
    channel: "app",
    userId: "u1",
  });
  const wall = performance.now() - started;
  const cpu = cpuMs() - cpuStarted;
  const fakeEnded = model.spent();
  const fake = { wall: fakeEnded.wall - fakeStarted.wall, cpu: fakeEnded.cpu - fakeStarted.cpu };
  const elapsed = { wall: wall - fake.wall, cpu: cpu - fake.cpu, fake };
  if (result.status !== "completed" || result.steps.length !== steps)
    throw new Error(
      `run ended ${result.status} with ${result.steps.length} steps: ${result.error} ${result.answer}`,
    );
  return elapsed;
}

const headers = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  authorization: `Bearer ${secret.secret}`,
  host: "localhost:3000",
  "mcp-protocol-version": "2025-11-25",
};
async function directCalls(count: number): Promise<Cost> {
  const started = performance.now();
  const cpuStarted = cpuMs();
  for (let i = 0; i < count; i++) {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: i + 1,
      method: "tools/call",
      params: { name: "bench_echo", arguments: { text: `t${i}` } },
    });
    const response = await handleMcpRequest(
      app,
      new Request("http://localhost:3000/mcp", { method: "POST", headers, body }),
    );
    const text = await response.text();
    if (response.status !== 200 || text.includes('"isError":true'))
      throw new Error(`tools/call: ${response.status} ${text.slice(0, 200)}`);
  }
  return { wall: (performance.now() - started) / count, cpu: (cpuMs() - cpuStarted) / count };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

// Warm-up: the model client, the gateway's caches, the database's plans.
await agentRun(STEPS);
await agentRun(0);
await directCalls(50);

const perStep: Cost[] = [];
const fakePerStep: Cost[] = [];
const direct: Cost[] = [];
for (let repeat = 0; repeat < REPEATS; repeat++) {
  const withSteps = await agentRun(STEPS);
  const without = await agentRun(0);
  perStep.push({
    wall: (withSteps.wall - without.wall) / STEPS,
    cpu: (withSteps.cpu - without.cpu) / STEPS,
  });
  fakePerStep.push({
    wall: (withSteps.fake.wall - without.fake.wall) / STEPS,
    cpu: (withSteps.fake.cpu - without.fake.cpu) / STEPS,
  });
  direct.push(await directCalls(STEPS));
}
// Wall time is what a person waits; CPU time is the work itself, steadier on a shared machine.
const report = (measure: keyof Cost) => {
  const step = median(perStep.map((each) => each[measure]));
  const call = median(direct.map((each) => each[measure]));
  const fake = median(fakePerStep.map((each) => each[measure]));
  return {
    agentStepMs: Number(step.toFixed(2)),
    modelFakeMsPerStep: Number(fake.toFixed(2)),
    addedMsPerStepWithFake: Number(
      median(perStep.map((each, i) => each[measure] + (fakePerStep[i]?.[measure] ?? 0) - call)).toFixed(2),
    ),
    directMcpCallMs: Number(call.toFixed(2)),
    addedMsPerStep: Number((step - call).toFixed(2)),
    ratio: Number((step / call).toFixed(2)),
  };
};
console.log(
  JSON.stringify(
    {
      steps: STEPS,
      repeats: REPEATS,
      wall: report("wall"),
      cpu: report("cpu"),
      target: "addedMsPerStep <= 5",
    },
    null,
    2,
  ),
);
await app.gateway.stop();
await app.database.close();
process.exit(0);
