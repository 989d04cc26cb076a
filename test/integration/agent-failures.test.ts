// Honest failures of an agent run (issue 39 §4), against a fake OpenAI that answers in the API's shape
// until told to break: a stream of events that are not JSON, no answer at all, a 200 that is not JSON,
// and a 401 whose message repeats the key. Each ends the run with a sentence that names what happened;
// the key (random-looking, as real keys are) is in none of the run, the server's log or the MCP answer.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ScriptedTurn } from "../fakes/llm-providers.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { agentsWorld, OPENAI_KEY } from "./agents-world.ts";

const {
  app,
  world,
  fake: llm,
  saveOpenAiCredential,
  neoWith,
} = await agentsWorld({ LLM_TIMEOUT_MS: "1500" });
const logged: string[] = [];
let agentId = "";
let toolName = "";

const projectId = world.projectA.id;
/** Intent and server choice answered; the fault hits the first streamed call, the planner. */
const upToThePlan = (fault: ScriptedTurn): ScriptedTurn[] => [
  { text: "Report the week." },
  { text: '{"servers":["standard"]}' },
  fault,
];

async function finishedRun(script: ScriptedTurn[]) {
  llm.script(script);
  const { runId } = await world.ownerA.caller.projectAgents.startRun({
    projectId,
    agentId,
    request: "Weekly report",
  });
  return vi.waitFor(
    async () => {
      const run = await world.ownerA.caller.projectAgents.getRun({ projectId, runId });
      if (run.run.status === "running") throw new Error("still running");
      return run;
    },
    { timeout: 20_000, interval: 100 },
  );
}

beforeAll(async () => {
  for (const method of ["error", "warn", "log"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(
        args
          .map((arg) => (arg instanceof Error ? `${arg.stack} ${JSON.stringify(arg)}` : String(arg)))
          .join(" "),
      );
    });
  }
  const agent = await neoWith((await saveOpenAiCredential()).id);
  agentId = agent.id;
  toolName = agent.toolName;
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe("a run whose model fails", () => {
  it("a malformed stream: the model's answer could not be read", async () => {
    const { run } = await finishedRun(upToThePlan({ fault: "malformed-stream" }));
    expect(run).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/^The model's answer could not be read/),
    });
  });

  it("a body that is not JSON: the model's answer could not be read", async () => {
    const { run } = await finishedRun([{ fault: "not-json" }, { fault: "not-json" }]);
    expect(run).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/^The model's answer could not be read/),
    });
  });

  it("a model that never answers: it did not answer within the time limit", async () => {
    const { run } = await finishedRun([{ fault: "hang" }, { fault: "hang" }]);
    expect(run).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/^The model did not answer within 2 s/),
    });
  });

  it("a 401 that repeats the key: refused, and the key is shown nowhere", async () => {
    const { run } = await finishedRun([{ fault: "401-echoing-key" }]);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(/OpenAI rejected the API key \(HTTP 401\)/);
    expect(JSON.stringify(run)).not.toContain(OPENAI_KEY);

    // The same failure through the agent's tool on /mcp.
    const { secret } = await world.ownerA.caller.apiKeys.create({ projectId, name: "Client" });
    const client = await connectMcpClient(app, secret);
    try {
      llm.script([{ fault: "401-echoing-key" }]);
      const result = (await client.callTool({
        name: toolName,
        arguments: { request: "Weekly report" },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      const text = JSON.stringify(result);
      expect(text).toMatch(/rejected the API key/);
      expect(text).not.toContain(OPENAI_KEY);
    } finally {
      await client.close();
    }
    expect(logged.join("\n")).not.toContain(OPENAI_KEY);
  });

  it("an agent tool called without its request names the missing argument", async () => {
    const { secret } = await world.ownerA.caller.apiKeys.create({ projectId, name: "Client 2" });
    const client = await connectMcpClient(app, secret);
    try {
      const result = (await client.callTool({ name: toolName, arguments: {} })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toMatch(/request/);
    } finally {
      await client.close();
    }
  });
});
