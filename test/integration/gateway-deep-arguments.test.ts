// Tool arguments nested thousands of levels deep (issue 42, finding 3) answered 500 on /mcp and on
// /api/v1: the call log's JSON.stringify overflowed the stack. They are the caller's mistake: a clear
// tool error, nothing run and nothing logged, on every door.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { toolCall } from "~/server/db/schema/index.ts";
import { MAX_ARGUMENT_DEPTH, TOO_DEEP_MESSAGE } from "~/server/gateway/pipeline/argument-depth.ts";
import { handleRestRequest } from "~/server/gateway/rest/handle-rest.ts";
import { mcpPost } from "../support/mcp-client.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
let secret: string;

beforeAll(async () => {
  secret = (await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "deep" })).secret;
});

/** `{ expression: "1", nested: [[[…]]] }` or `{ nested: { a: { a: … } } }`, `depth` levels below the top. */
function deepArguments(depth: number, shape: "array" | "object"): string {
  const open = shape === "array" ? "[" : '{"a":';
  const close = shape === "array" ? "]" : "}";
  const leaf = shape === "array" ? "" : "1";
  return `{"expression":"1 + 1","nested":${open.repeat(depth)}${leaf}${close.repeat(depth)}}`;
}

const callBody = (args: string, id: number) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"calculate","arguments":${args}}}`;

async function loggedCalls() {
  await app.gateway.recorder.flush();
  return app.db.select().from(toolCall).where(eq(toolCall.projectId, world.projectA.id));
}

describe("deeply nested tool arguments", () => {
  it.each(["array", "object"] as const)(
    "10,000 levels of %s: a tool error on /mcp, not a 500",
    async (shape) => {
      const before = (await loggedCalls()).length;
      const response = await mcpPost(app, callBody(deepArguments(10_000, shape), 7), {
        authorization: `Bearer ${secret}`,
      });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ id: 7, result: { isError: true, content: [{ text: TOO_DEEP_MESSAGE }] } });
      expect((await loggedCalls()).length).toBe(before);
    },
  );

  it.each(["array", "object"] as const)(
    "10,000 levels of %s: a tool error on /api/v1, not a 500",
    async (shape) => {
      const request = new Request(`${app.config.baseUrl}/api/v1/tools/calculate`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: deepArguments(10_000, shape),
      });
      const response = await handleRestRequest(app, request, "/api/v1/tools/calculate");
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ isError: true, content: [{ text: TOO_DEEP_MESSAGE }] });
    },
  );

  it("arguments at the limit still run", async () => {
    // The top-level object is level 1, `nested` adds the rest.
    const response = await mcpPost(app, callBody(deepArguments(MAX_ARGUMENT_DEPTH - 1, "array"), 8), {
      authorization: `Bearer ${secret}`,
    });
    const body = await response.json();
    expect(body.result.isError).toBeFalsy();
    expect(body.result.structuredContent).toMatchObject({ result: 2 });
  });
});
