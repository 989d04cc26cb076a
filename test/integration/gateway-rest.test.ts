// The REST facade: the same tools, tokens, logging and usage as /mcp, over plain HTTP.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { toolCall } from "~/server/db/schema/index.ts";
import { handleRestRequest } from "~/server/gateway/rest/handle-rest.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
let secret: string;

function rest(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  const request = new Request(`${app.config.baseUrl}${path}`, { ...init, headers });
  return handleRestRequest(app, request, new URL(request.url).pathname);
}
const post = (path: string, body: unknown, token = secret) =>
  rest(path, {
    method: "POST",
    token,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  secret = (await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "n8n" })).secret;
});

describe("REST facade", () => {
  it("describes the caller's project's tools as OpenAPI operations", async () => {
    await world.ownerA.caller.standardTools.setEnabled({
      projectId: world.projectA.id,
      toolName: "fetch_web_page",
      enabled: false,
    });
    const response = await rest("/api/v1/openapi.json", { token: secret });
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("Portico — Support bot");
    expect(document.servers).toEqual([{ url: `${app.config.baseUrl}/api/v1` }]);
    expect(Object.keys(document.paths).sort()).toEqual([
      "/tools/calculate",
      "/tools/convert_time",
      "/tools/date_calculate",
      "/tools/get_current_time",
    ]);
    const operation = document.paths["/tools/calculate"].post;
    expect(operation.operationId).toBe("calculate");
    expect(operation.requestBody.content["application/json"].schema.required).toEqual(["expression"]);
  });

  it("runs a tool, logs it as a REST call and counts usage", async () => {
    const response = await post("/api/v1/tools/calculate", { expression: "6 * 7" });
    expect(response.status).toBe(200);
    expect((await response.json()).structuredContent).toEqual({ expression: "6 * 7", result: 42 });
    await app.gateway.recorder.flush();
    const rows = await app.db.select().from(toolCall).where(eq(toolCall.projectId, world.projectA.id));
    expect(rows).toContainEqual(
      expect.objectContaining({ toolName: "calculate", channel: "rest", status: "success" }),
    );
  });

  it("refuses bad requests with clear errors", async () => {
    expect((await rest("/api/v1/openapi.json")).status).toBe(401);
    expect((await post("/api/v1/tools/calculate", {}, "nope")).status).toBe(401);
    const unknown = await post("/api/v1/tools/fetch_web_page", { url: "https://example.com" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe("Unknown tool: fetch_web_page");
    expect((await post("/api/v1/tools/calculate", [1, 2])).status).toBe(400);
    expect((await rest("/api/v1/tools/calculate", { method: "GET", token: secret })).status).toBe(405);
    expect((await rest("/api/v1/nothing", { token: secret })).status).toBe(404);
    const invalid = await post("/api/v1/tools/calculate", { expression: 5 });
    expect(invalid.status).toBe(200);
    expect((await invalid.json()).isError).toBe(true);
  });
});
