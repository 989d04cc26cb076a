// Agents end to end in process: Agents as /mcp tools and on the REST facade.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentRun } from "~/server/db/schema/index.ts";
import { handleRestRequest } from "~/server/gateway/rest/handle-rest.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { agentsWorld } from "./agents-world.ts";

const { app, world, fake, saveOpenAiCredential, neoWith } = await agentsWorld();

describe("agents as /mcp tools", () => {
  it("lists each agent as a tool and runs it for an API key, storing the run", async () => {
    const credential = await saveOpenAiCredential("For MCP");
    const neo = await neoWith(credential.id);
    const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Claude" });
    const client = await connectMcpClient(app, key.secret);
    try {
      const { tools } = await client.listTools();
      const agentTool = tools.find((t) => t.name === neo.toolName);
      expect(agentTool?.inputSchema.required).toEqual(["request"]);
      fake.script([
        { text: "List deals." },
        { text: '{"servers":["srv-crm"]}' },
        { text: "1. crm_list_deals" },
        { toolCalls: [{ name: "crm_list_deals", args: {} }] },
        { text: "One open deal: Acme renewal." },
      ]);
      const progress: string[] = [];
      const result = await client.callTool(
        { name: neo.toolName, arguments: { request: "Open deals?" } },
        undefined,
        {
          onprogress: (update) => progress.push(String(update.message)),
        },
      );
      expect(progress).toEqual([
        "Understanding the request",
        "Choosing servers",
        "Planning",
        "Carrying out the plan",
        "Step 1: crm_list_deals",
      ]);
      expect(result.isError).toBeFalsy();
      const structured = result.structuredContent as { runId: string; status: string; answer: string };
      expect(structured.status).toBe("completed");
      expect(structured.answer).toBe("One open deal: Acme renewal.");
      const [stored] = await app.db.select().from(agentRun).where(eq(agentRun.id, structured.runId));
      expect(stored?.channel).toBe("gateway");
      const bad = await client.callTool({ name: neo.toolName, arguments: { request: "" } });
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe("agents on the REST facade", () => {
  it("describes the agent as an operation and runs it", async () => {
    const credential = await saveOpenAiCredential("For REST");
    const neo = await neoWith(credential.id);
    const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "n8n" });
    const rest = (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set("authorization", `Bearer ${key.secret}`);
      const request = new Request(`${app.config.baseUrl}${path}`, { ...init, headers });
      return handleRestRequest(app, request, new URL(request.url).pathname);
    };
    const document = await (await rest("/api/v1/openapi.json")).json();
    expect(document.paths[`/tools/${neo.toolName}`].post.operationId).toBe(neo.toolName);
    fake.script([
      { text: "Time." },
      { text: '{"servers":["standard"]}' },
      { text: "1. get_current_time" },
      { text: "It is noon." },
    ]);
    const response = await rest(`/api/v1/tools/${neo.toolName}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ request: "What time is it?" }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).structuredContent).toMatchObject({
      status: "completed",
      answer: "It is noon.",
    });
  });
});
