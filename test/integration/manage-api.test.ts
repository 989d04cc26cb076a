// The management API as a builder's backend uses it: credentials, the one error shape, creates with
// idempotency keys, cursor paging, scopes, and changes audited as the token's creator.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvent } from "~/server/db/schema/index.ts";
import { FAILED_AUTH_LIMIT } from "~/server/gateway/auth/failed-auth-limit.ts";
import { NO_TOKEN, UNKNOWN_TOKEN, WRONG_CREDENTIAL } from "~/server/manage/manage-auth.ts";
import { MANAGEMENT_RATE_LIMIT } from "~/server/manage-tokens/rate-limit.ts";
import { managementTokenFor, manageRequest } from "../support/manage-client.ts";
import { connectMcpProvider, EXA_KEY, worldWithServerFakes } from "./servers-fixture.ts";

const { app, world } = await worldWithServerFakes();
const token = await managementTokenFor(app, world.ownerA.id, world.orgA.id);
const call = (method: string, path: string, options?: Parameters<typeof manageRequest>[4]) =>
  manageRequest(app, token, method, path, options);

describe("credentials", () => {
  it("refuses a request without a token, with an API key, and with an unknown token", async () => {
    const apiKey = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
    const none = await manageRequest(app, null, "GET", "/projects");
    const key = await manageRequest(app, apiKey.secret, "GET", "/projects");
    const unknown = await manageRequest(app, `pmt_${"x".repeat(43)}`, "GET", "/projects");
    expect([none.status, key.status, unknown.status]).toEqual([401, 401, 401]);
    expect(none.body).toEqual({ error: { code: "UNAUTHORIZED", message: NO_TOKEN } });
    expect(key.body.error.message).toBe(WRONG_CREDENTIAL);
    expect(unknown.body.error.message).toBe(UNKNOWN_TOKEN);
  });

  it("stops a token whose creator is no longer an owner or admin", async () => {
    const adminToken = await managementTokenFor(app, world.adminA.id, world.orgA.id);
    expect((await manageRequest(app, adminToken, "GET", "/organization")).status).toBe(200);
    const members = await world.ownerA.caller.organizationMember.getMembersByOrganizationId({
      organizationId: world.orgA.id,
    });
    const admin = members.find((member) => member.userId === world.adminA.id);
    await world.ownerA.caller.organizationMember.changeRole({
      organizationId: world.orgA.id,
      memberId: admin?.id ?? "",
      role: "member",
    });
    const refused = await manageRequest(app, adminToken, "GET", "/organization");
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(UNKNOWN_TOKEN);
    await world.ownerA.caller.organizationMember.changeRole({
      organizationId: world.orgA.id,
      memberId: admin?.id ?? "",
      role: "admin",
    });
  });

  it("serves its OpenAPI document without a token", async () => {
    const answer = await manageRequest(app, null, "GET", "/openapi.json");
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe("3.1.0");
    expect(answer.body.paths["/api/manage/v1/projects"].post.operationId).toBe("createProject");
  });
});

describe("bad input", () => {
  it("names the fields at fault, never a 500", async () => {
    const empty = await call("POST", "/projects", { body: { name: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe("BAD_REQUEST");
    expect(empty.body.error.fields.name).toEqual(["Project name is required"]);
    const malformed = await call("POST", "/projects", { body: "{not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe("BAD_REQUEST");
    const notJson = await call("POST", "/projects", {
      body: "name=x",
      headers: { "content-type": "text/plain" },
    });
    expect(notJson.status).toBe(415);
    expect(notJson.body.error.message).toMatch(/Content-Type: application\/json/);
    const badLimit = await call("GET", "/projects?limit=1000");
    expect(badLimit.status).toBe(400);
    expect(Object.keys(badLimit.body.error.fields)).toEqual(["limit"]);
    const nul = await call("POST", "/projects", { body: { name: "a\u0000b" } });
    expect(nul.status).toBe(400);
    const unknown = await call("GET", "/nowhere");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
  });
});

describe("projects", () => {
  it("creates, reads, renames, pages and deletes", async () => {
    const created = await call("POST", "/projects", { body: { name: "From the backend" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "From the backend",
      protectWrites: true,
      toolDiscovery: "all",
    });
    expect(created.body.mcpUrl).toBe(`${app.config.baseUrl}/mcp`);
    const id = created.body.id;
    expect((await call("GET", `/projects/${id}`)).body.name).toBe("From the backend");
    const renamed = await call("PATCH", `/projects/${id}`, { body: { name: "Renamed" } });
    expect(renamed.body.name).toBe("Renamed");

    await call("POST", "/projects", { body: { name: "Third" } });
    const first = await call("GET", "/projects?limit=2");
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await call("GET", `/projects?limit=2&cursor=${first.body.nextCursor}`);
    const ids = [...first.body.items, ...second.body.items].map((project: { id: string }) => project.id);
    expect(new Set(ids).size).toBe(3);
    expect(second.body.nextCursor).toBeNull();

    expect((await call("DELETE", `/projects/${id}`)).status).toBe(204);
    expect((await call("GET", `/projects/${id}`)).status).toBe(404);
  });

  it("audits a change as the token's creator, naming the token", async () => {
    const created = await call("POST", "/projects", { body: { name: "Audited" } });
    const [event] = await app.db
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, "project.created"), eq(auditEvent.projectId, created.body.id)));
    expect(event?.actorUserId).toBe(world.ownerA.id);
    expect(String(event?.details.via)).toMatch(/^management token /);
  });
});

describe("idempotency keys", () => {
  it("answers a retried create with the first answer, and refuses the key for another request", async () => {
    const headers = { "idempotency-key": `create-${crypto.randomUUID()}` };
    const first = await call("POST", "/projects", { body: { name: "Once" }, headers });
    const again = await call("POST", "/projects", { body: { name: "Once" }, headers });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const listed = await call("GET", "/projects?limit=100");
    expect(listed.body.items.filter((project: { name: string }) => project.name === "Once")).toHaveLength(1);
    const other = await call("POST", "/projects", { body: { name: "Other" }, headers });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("CONFLICT");
  });

  it("keys are each organization's own", async () => {
    const key = `shared-${crypto.randomUUID()}`;
    const tokenB = await managementTokenFor(app, world.ownerB.id, world.orgB.id);
    const a = await call("POST", "/projects", { body: { name: "A's" }, headers: { "idempotency-key": key } });
    // Organization B is on Free with one project already: the plan's refusal is B's own answer.
    const b = await manageRequest(app, tokenB, "POST", "/projects", {
      body: { name: "A's" },
      headers: { "idempotency-key": key },
    });
    expect(a.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("scopes", () => {
  it("refuses what a token's scopes do not grant", async () => {
    const reader = await managementTokenFor(app, world.ownerA.id, world.orgA.id, ["projects:read"]);
    expect((await manageRequest(app, reader, "GET", "/projects")).status).toBe(200);
    const write = await manageRequest(app, reader, "POST", "/projects", { body: { name: "No" } });
    expect(write.status).toBe(403);
    expect(write.body.error.message).toMatch(/projects:write/);
    const other = await manageRequest(app, reader, "GET", `/projects/${world.projectA.id}/api-keys`);
    expect(other.status).toBe(403);
  });
});

describe("API keys and servers", () => {
  it("creates a key shown once, lists it masked, revokes it", async () => {
    const created = await call("POST", `/projects/${world.projectA.id}/api-keys`, {
      body: { name: "Backend agent" },
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^ptk_/);
    const listed = await call("GET", `/projects/${world.projectA.id}/api-keys`);
    const row = listed.body.items.find((key: { id: string }) => key.id === created.body.id);
    expect(row).toMatchObject({ status: "active", kind: "project" });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    expect((await call("DELETE", `/projects/${world.projectA.id}/api-keys/${created.body.id}`)).status).toBe(
      204,
    );
    const after = await call("GET", `/projects/${world.projectA.id}/api-keys`);
    expect(after.body.items.find((key: { id: string }) => key.id === created.body.id).status).toBe("revoked");
  });

  it("adds a server, lists its tools and switches one off", async () => {
    await connectMcpProvider(world.ownerA, world.orgA.id, "exa", EXA_KEY);
    const added = await call("POST", `/projects/${world.projectA.id}/servers`, {
      body: { integrationId: "exa" },
    });
    expect(added.status).toBe(201);
    const tools = await call("GET", `/projects/${world.projectA.id}/servers/${added.body.id}/tools`);
    expect(tools.status).toBe(200);
    const first = tools.body.tools[0];
    expect(first).toMatchObject({ enabled: true });
    const off = await call(
      "PUT",
      `/projects/${world.projectA.id}/servers/${added.body.id}/tools/${first.toolName}`,
      {
        body: { enabled: false },
      },
    );
    expect(off.body).toEqual({ toolName: first.toolName, enabled: false });
    const again = await call("GET", `/projects/${world.projectA.id}/servers/${added.body.id}/tools`);
    expect(again.body.tools[0].enabled).toBe(false);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After once a token has made its minute's requests", async () => {
    const busy = await managementTokenFor(app, world.ownerA.id, world.orgA.id, ["read"]);
    let refused: Awaited<ReturnType<typeof manageRequest>> | undefined;
    // An unknown operation costs only the token check, which is where the limit counts.
    for (let sent = 0; sent <= MANAGEMENT_RATE_LIMIT && !refused; sent++) {
      const answer = await manageRequest(app, busy, "GET", "/nowhere");
      if (answer.status === 429) refused = answer;
    }
    expect(refused?.body.error.code).toBe("TOO_MANY_REQUESTS");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another token of the same organization is not held up.
    expect((await call("GET", "/organization")).status).toBe(200);
  });
});

describe("guessing tokens", () => {
  it("refuses an address that keeps failing before the database is asked", async () => {
    const guesser = "203.0.113.50";
    const statuses = new Set<number>();
    for (let guess = 0; guess <= FAILED_AUTH_LIMIT; guess++) {
      const junk = `pmt_${crypto.randomUUID().replaceAll("-", "").padEnd(43, "x").slice(0, 43)}`;
      statuses.add((await manageRequest(app, junk, "GET", "/organization", { peer: guesser })).status);
    }
    expect([...statuses]).toEqual([401, 429]);
    // A good token from another address goes on.
    expect((await call("GET", "/organization")).status).toBe(200);
  });
});
