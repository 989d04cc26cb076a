// Neo's clarifying question, when an agent is called as a tool on /mcp (issue 28): the intent stage
// answers "ASK: …", the run ends "needs_input" with the question, and the caller is asked — a form-mode
// input request on 2026-07-28, whose answer the client's retry carries; the question as the tool's text
// on 2025-11-25, answered by calling again with `clarification`. Either way the next run works on the
// request with the answer appended, may not ask again, and completes.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { agentRun } from "~/server/db/schema/index.ts";
import { connectMcpClient, connectModernMcpClient, inProcessFetch } from "../support/mcp-client.ts";
import { neoCrmWorld, QUESTION, REQUEST } from "./neo-crm-world.ts";

const { app, world, fake, notes, agentId, agent, scriptAskThenAnswer } = await neoCrmWorld(
  "sk-test-openai-clarify-0123456789",
);
const toolName = agent.toolName;
const { secret } = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Client" });

/** The system prompt and user prompt of the nth model call since `from`. */
function intentCall(index: number) {
  const body = fake.calls()[index]?.body as { messages: { role: string; content: unknown }[] };
  const system = String(body.messages.find((m) => m.role === "system")?.content);
  const user = JSON.stringify(body.messages.find((m) => m.role === "user")?.content);
  return { system, user };
}

async function runsOfAgent() {
  return app.db.select().from(agentRun).where(eq(agentRun.agentId, agentId)).orderBy(agentRun.startedAt);
}

beforeEach(async () => {
  notes.length = 0;
  await app.db.delete(agentRun).where(eq(agentRun.agentId, agentId));
});

/** Both runs: the one that asked (needs_input, the question as its answer) and the one that finished. */
async function expectAskedThenCompleted(firstCall: number, linked = false) {
  const [asked, done] = await runsOfAgent();
  expect(asked).toMatchObject({
    status: "needs_input",
    answer: QUESTION,
    request: REQUEST,
    channel: "gateway",
  });
  expect(done).toMatchObject({
    status: "completed",
    answer: "Added the call-back note to Acme.",
    request: `${REQUEST}\n\nClarification from the user: Acme`,
    clarification: "Acme",
    // Linked to the run that asked only when /mcp asked the person within the call (2025-11-25
    // elicitation); a retry from the client carries no run id (Portico keeps no state between rounds).
    continuesRunId: linked ? asked?.id : null,
  });
  expect(notes).toEqual(["Acme: call back next week"]);
  // The first intent call may ask; the second carries the answer and may not ask again.
  expect(intentCall(firstCall).system).toContain("ASK: ");
  const second = intentCall(firstCall + 1);
  expect(second.system).not.toContain("ASK");
  expect(second.user).toContain("Clarification from the user: Acme");
  expect(fake.remainingTurns()).toBe(0);
  // The app's run detail shows the question with its status.
  const detail = await world.ownerA.caller.projectAgents.getRun({
    projectId: world.projectA.id,
    runId: String(asked?.id),
  });
  expect(detail.run).toMatchObject({ status: "needs_input", answer: QUESTION });
}

describe("Neo asks a clarifying question over /mcp", () => {
  it("2026-07-28: an input request with one answer field; the retry with the answer completes the run", async () => {
    const shown: string[] = [];
    const answers: unknown[] = [];
    const modern = await connectModernMcpClient(app, secret, {
      onElicitForm: async (message) => {
        shown.push(message);
        return { answer: "Acme" };
      },
      onAnswer: (body) => answers.push(body),
    });
    try {
      const tools = await modern.listTools();
      const schema = tools.tools.find((each) => each.name === toolName)?.inputSchema;
      expect(schema?.properties).toHaveProperty("clarification");
      scriptAskThenAnswer();
      const from = fake.calls().length;
      const result = await modern.callTool({ name: toolName, arguments: { request: REQUEST } });
      expect(shown).toEqual([QUESTION]);
      // On the wire: an input_required result carrying a form elicitation with the one field.
      const inputRequired = answers
        .map((body) => (body as { result?: Record<string, unknown> }).result)
        .find((each) => each?.resultType === "input_required") as {
        inputRequests: Record<string, { method: string; params: Record<string, unknown> }>;
      };
      expect(inputRequired.inputRequests.clarification).toMatchObject({
        method: "elicitation/create",
        params: {
          mode: "form",
          message: QUESTION,
          requestedSchema: {
            type: "object",
            properties: { answer: { type: "string" } },
            required: ["answer"],
          },
        },
      });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        status: "completed",
        answer: "Added the call-back note to Acme.",
      });
      await expectAskedThenCompleted(from);
    } finally {
      await modern.close();
    }
  });

  it("2026-07-28: when the person declines, the agent is not run again", async () => {
    const modern = await connectModernMcpClient(app, secret, { onElicitForm: async () => undefined });
    try {
      // Declined: the retry does not run the agent again; it says how to go on.
      fake.script([{ text: `ASK: ${QUESTION}` }]);
      const result = await modern.callTool({ name: toolName, arguments: { request: REQUEST } });
      expect(result.isError).toBeFalsy();
      expect((result.content as { text: string }[])[0]?.text).toMatch(
        /^The person did not answer the agent's question, so it did not go on\. Call it again with the answer in the "clarification" argument/,
      );
      expect(notes).toEqual([]);
      expect(fake.remainingTurns()).toBe(0);
      expect((await runsOfAgent()).map((run) => run.status)).toEqual(["needs_input"]);
    } finally {
      await modern.close();
    }
  });

  it("2025-11-25 with elicitation: elicitation/create on the call's stream; the answer completes the run", async () => {
    // A 1.x SDK client that declares form-mode elicitation and answers with "Acme".
    const client = new Client(
      { name: "elicit-client", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } } },
    );
    const asked: { message: string; schema: unknown }[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      const params = request.params as { message: string; requestedSchema?: unknown };
      asked.push({ message: params.message, schema: params.requestedSchema });
      return { action: "accept", content: { answer: "Acme" } };
    });
    const posted: string[] = [];
    const answer = inProcessFetch(app);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${app.config.baseUrl}/mcp`), {
        fetch: async (input, init) => {
          const response = await answer(input, init);
          posted.push(`${response.status} ${response.headers.get("content-type") ?? ""}`);
          return response;
        },
        requestInit: { headers: { authorization: `Bearer ${secret}` } },
      }),
    );
    try {
      expect(client.getServerVersion()?.name).toBe("portico");
      scriptAskThenAnswer();
      const from = fake.calls().length;
      posted.length = 0;
      const result = await client.callTool({ name: toolName, arguments: { request: REQUEST } });
      expect(asked).toEqual([
        {
          message: QUESTION,
          schema: {
            type: "object",
            properties: { answer: { type: "string", title: "Your answer" } },
            required: ["answer"],
          },
        },
      ]);
      // The call was answered as a stream; the client's answer was a separate POST, taken with 202.
      expect(posted).toEqual(expect.arrayContaining(["200 text/event-stream", "202 "]));
      expect(result.structuredContent).toMatchObject({
        status: "completed",
        answer: "Added the call-back note to Acme.",
      });
      await expectAskedThenCompleted(from, true);
      // A plain tool keeps the JSON answer (the fast path) for the same client.
      posted.length = 0;
      await client.callTool({ name: "get_current_time", arguments: {} });
      expect(posted).toEqual(["200 application/json"]);
    } finally {
      await client.close();
    }
  });

  it("2025-11-25 without elicitation: the question as text, then a call with `clarification` completes", async () => {
    const legacy = await connectMcpClient(app, secret);
    try {
      scriptAskThenAnswer();
      const from = fake.calls().length;
      const first = await legacy.callTool({ name: toolName, arguments: { request: REQUEST } });
      expect(first.isError).toBeFalsy();
      expect(first.structuredContent).toMatchObject({
        status: "needs_input",
        question: QUESTION,
        answer: null,
      });
      const text = (first.content as { type: string; text: string }[])[0]?.text ?? "";
      expect(text).toContain(QUESTION);
      expect(text).toContain(
        `Call ${toolName} again with the same request and the answer in the "clarification" argument`,
      );
      const second = await legacy.callTool({
        name: toolName,
        arguments: { request: REQUEST, clarification: "Acme" },
      });
      expect(second.structuredContent).toMatchObject({ status: "completed" });
      await expectAskedThenCompleted(from);
      const bad = await legacy.callTool({
        name: toolName,
        arguments: { request: REQUEST, clarification: 3 },
      });
      expect(bad).toMatchObject({ isError: true, content: [{ text: '"clarification" must be a string.' }] });
    } finally {
      await legacy.close();
    }
  });
});
