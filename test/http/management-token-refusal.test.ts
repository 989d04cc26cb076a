// A management token (pmt_) over real HTTP against the production build: /mcp (the Node fast path and
// the Web path alike) and /api/v1 refuse it with 401 and say it is for the management API, while a
// project API key of the same organization still works.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

const REFUSED = /Management tokens are for the management API \(\/api\/manage\/v1\) only/;
let server: RunningServer;
let managementSecret = "";
let apiKey = "";

beforeAll(async () => {
  server = await startServer();
  const owner = new HttpClient(server.baseUrl);
  await owner.signUp(newUser("tokens-owner"));
  const organization = await owner.mutate<{ id: string }>("organization.create", { name: "Tokens Org" });
  const project = await owner.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Tokens Project",
  });
  managementSecret = (
    await owner.mutate<{ secret: string }>("managementTokens.create", {
      organizationId: organization.id,
      name: "Backend",
      scopes: ["write"],
      expiresAt: null,
    })
  ).secret;
  apiKey = (
    await owner.mutate<{ secret: string }>("apiKeys.create", { projectId: project.id, name: "Agent" })
  ).secret;
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};

const mcp = (token: string, accept = "application/json, text/event-stream") =>
  fetch(`${server.baseUrl}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept, authorization: `Bearer ${token}` },
    body: JSON.stringify(initialize),
  });

describe("management tokens on the tool doors", () => {
  it("/mcp answers a management token 401 with the reason", async () => {
    const response = await mcp(managementSecret);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
    const body = await response.json();
    expect(body.error.code).toBe(-32001);
    expect(body.error.message).toMatch(REFUSED);
  });

  it("/mcp asked for a stream only (the Web path) refuses it the same way", async () => {
    const response = await mcp(managementSecret, "text/event-stream, application/json");
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toMatch(REFUSED);
  });

  it("/api/v1 refuses it with the same reason", async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/openapi.json`, {
      headers: { authorization: `Bearer ${managementSecret}` },
    });
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.error.code).toBe("UNAUTHORIZED");
    expect(body.error.message).toMatch(REFUSED);
  });

  it("an unknown token is still told only that it is invalid; an API key works", async () => {
    const unknown = await mcp(`ptk_${"x".repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error.message).toBe("Invalid, expired or revoked token");
    expect((await mcp(apiKey)).status).toBe(200);
  });
});
