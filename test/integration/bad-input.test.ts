// Bad input gets a 4xx with field errors, never a 500, and writes nothing. Driven through the same
// fetch handler that serves /api in production.
import { count } from "drizzle-orm";
import superjson from "superjson";
import { beforeAll, describe, expect, it } from "vitest";
import { invitation, organization, project, user } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { headersFor, signUp } from "../support/app.ts";
import { appForFile } from "../support/fixture.ts";
import { newUser } from "../support/users.ts";

const app = await appForFile();
let cookie: string;
let organizationId: string;

async function api(path: string, init: RequestInit = {}) {
  const request = new Request(`${app.config.baseUrl}${path}`, init);
  const response = await handleApiRequest(app, request, new URL(request.url).pathname);
  if (!response) throw new Error(`no handler for ${path}`);
  return response;
}

async function mutate(procedure: string, input: unknown) {
  const headers = headersFor(cookie);
  headers.set("content-type", "application/json");
  const response = await api(`/api/trpc/${procedure}`, {
    method: "POST",
    headers,
    body: JSON.stringify(superjson.serialize(input)),
  });
  const body = (await response.json()) as {
    error?: { json: { message: string; data: Record<string, unknown> } };
  };
  return { status: response.status, error: body.error?.json };
}

async function rowCounts() {
  const tables = { organization, project, invitation, user };
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => {
      const [row] = await app.db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries);
}

beforeAll(async () => {
  cookie = await signUp(app, newUser("owner"));
  const created = await mutate("organization.create", { name: "Acme" });
  expect(created.status).toBe(200);
  const headers = headersFor(cookie);
  const list = await api("/api/trpc/organization.getOrganizationsDetails", { headers });
  const body = (await list.json()) as { result: { data: unknown } };
  organizationId = (superjson.deserialize(body.result.data as never) as { id: string }[])[0]?.id ?? "";
});

describe("bad input", () => {
  it.each([
    ["organization.create", { name: "" }, "name", "Organization name is required"],
    ["organization.create", { name: "   " }, "name", "Organization name is required"],
    [
      "organization.create",
      { name: "x".repeat(81) },
      "name",
      "Organization name must be at most 80 characters",
    ],
    ["organization.create", {}, "name", undefined],
    ["project.create", { organizationId: "ignored", name: "" }, "name", "Project name is required"],
    [
      "organizationInvitations.invite",
      { organizationId: "o", email: "not-an-email", role: "member" },
      "email",
      "Enter a valid email address",
    ],
    [
      "organizationInvitations.invite",
      { organizationId: "o", email: "a@b.co", role: "owner" },
      "role",
      undefined,
    ],
  ])("%s %j → 400 with a field error on %s", async (procedure, input, field, message) => {
    const before = await rowCounts();
    const { status, error } = await mutate(procedure, input);
    expect(status).toBe(400);
    const zodError = error?.data.zodError as { fieldErrors: Record<string, string[]> } | undefined;
    const fieldErrors = zodError?.fieldErrors ?? {};
    expect(fieldErrors[field]?.length).toBeGreaterThan(0);
    if (message) expect(fieldErrors[field]).toContain(message);
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ["organization.rename", () => ({ id: "no-such-org", name: "X" })],
    ["project.update", () => ({ projectId: "00000000-0000-0000-0000-000000000000", name: "X" })],
    ["organizationInvitations.accept", () => ({ invitationId: "'; drop table invitation; --" })],
    ["project.create", () => ({ organizationId: "nope", name: "X" })],
  ])("%s with an unknown id → 404, nothing written", async (procedure, input) => {
    const before = await rowCounts();
    const { status, error } = await mutate(procedure, input());
    expect(status).toBe(404);
    expect(error?.data.code).toBe("NOT_FOUND");
    expect(await rowCounts()).toEqual(before);
  });

  it("malformed JSON and wrong types are 400, not 500", async () => {
    const headers = headersFor(cookie);
    headers.set("content-type", "application/json");
    const broken = await api("/api/trpc/organization.create", { method: "POST", headers, body: "{not json" });
    expect(broken.status).toBe(400);
    expect((await mutate("organization.rename", { id: 42, name: ["x"] })).status).toBe(400);
    expect((await mutate("organization.rename", { id: organizationId, name: null })).status).toBe(400);
  });

  it("an over-long id is a 400, not a database error", async () => {
    expect((await mutate("organization.delete", { id: "x".repeat(10_000) })).status).toBe(400);
  });

  it("sign-up refuses an invalid email and a short password without creating the user", async () => {
    const before = await rowCounts();
    for (const body of [
      { email: "not-an-email", password: "long-enough-password", name: "A" },
      { email: "short@example.test", password: "abc", name: "A" },
      { email: "long@example.test", password: "p".repeat(200), name: "A" },
    ]) {
      const response = await api("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: app.config.baseUrl },
        body: JSON.stringify(body),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("a mutation of someone else's organization id leaves it as it was", async () => {
    const outsider = await signUp(app, newUser("outsider"));
    const headers = headersFor(outsider);
    headers.set("content-type", "application/json");
    const response = await api("/api/trpc/organization.rename", {
      method: "POST",
      headers,
      body: JSON.stringify(superjson.serialize({ id: organizationId, name: "Stolen" })),
    });
    expect(response.status).toBe(404);
    const [row] = await app.db.select({ name: organization.name }).from(organization);
    expect(row?.name).toBe("Acme");
  });
});
