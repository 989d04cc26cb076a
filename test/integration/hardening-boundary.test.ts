// The browser-facing API's boundary (handle-api.ts): NUL characters, oversized bodies, cross-origin
// state changes and malformed profile names are refused with a clear 4xx before anything runs.
import { count, eq } from "drizzle-orm";
import superjson from "superjson";
import { beforeAll, describe, expect, it } from "vitest";
import { organization, user } from "~/server/db/schema/index.ts";
import { handleApiRequest } from "~/server/http/handle-api.ts";
import { signUp } from "../support/app.ts";
import { appForFile } from "../support/fixture.ts";
import { newUser } from "../support/users.ts";

const app = await appForFile();
let cookie: string;
let email: string;

async function api(path: string, init: RequestInit = {}) {
  const request = new Request(`${app.config.baseUrl}${path}`, init);
  const response = await handleApiRequest(app, request, new URL(request.url).pathname);
  if (!response) throw new Error(`no handler for ${path}`);
  return response;
}

function json(path: string, body: unknown, headers: Record<string, string> = {}) {
  return api(path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.config.baseUrl, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const trpcBody = (input: unknown) => JSON.stringify(superjson.serialize(input));

async function organizationCount() {
  const [row] = await app.db.select({ n: count() }).from(organization);
  return row?.n ?? 0;
}

beforeAll(async () => {
  const owner = newUser("owner");
  email = owner.email;
  cookie = await signUp(app, owner);
});

describe("NUL characters are refused with 400", () => {
  it("in a sign-in e-mail", async () => {
    const response = await json("/api/auth/sign-in/email", { email: "a\u0000b@example.test", password: "x" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("NUL");
  });

  it("in a tRPC id, as a query and as a mutation", async () => {
    const input = encodeURIComponent(trpcBody({ projectId: "p\u0000" }));
    const query = await api(`/api/trpc/project.getById?input=${input}`, { headers: { cookie } });
    expect(query.status).toBe(400);
    const mutation = await json("/api/trpc/project.update", trpcBody({ projectId: "p\u0000", name: "x" }), {
      cookie,
    });
    expect(mutation.status).toBe(400);
  });

  it("in an OAuth client name and a client_id", async () => {
    const registered = await json("/api/auth/oauth2/register", {
      client_name: "Agent\u0000",
      redirect_uris: ["http://127.0.0.1:9999/callback"],
      token_endpoint_auth_method: "none",
    });
    expect(registered.status).toBe(400);
    const authorize = await api(
      "/api/auth/oauth2/authorize?response_type=code&client_id=a%00b&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb",
      { headers: { cookie } },
    );
    expect(authorize.status).toBe(400);
    const token = await api("/api/auth/oauth2/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=authorization_code&code=x&client_id=a%00b",
    });
    expect(token.status).toBe(400);
  });
});

describe("profile names are validated on the server with the forms' rules", () => {
  it.each([
    ["an object", { name: {} }, "expected string"],
    ["null", { name: null }, "expected string"],
    ["100,000 characters", { name: "x".repeat(100_000) }, "Name must be at most 80 characters"],
    ["blank", { name: "   " }, "Name is required"],
  ])("update-user with a name that is %s is a 400 and changes nothing", async (_label, body, message) => {
    const response = await json("/api/auth/update-user", body, { cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    const [row] = await app.db.select({ name: user.name }).from(user).where(eq(user.email, email));
    expect(row?.name).toMatch(/^owner /);
  });

  it.each([["42"], ["[]"], ["null"], ['"x"']])("update-user with the body %s is a 400", async (body) => {
    const response = await json("/api/auth/update-user", body, { cookie });
    expect(response.status).toBe(400);
  });

  it("a valid name is stored trimmed", async () => {
    const response = await json("/api/auth/update-user", { name: "  Ada Lovelace  " }, { cookie });
    expect(response.status).toBe(200);
    const [row] = await app.db.select({ name: user.name }).from(user).where(eq(user.email, email));
    expect(row?.name).toBe("Ada Lovelace");
  });

  it.each([
    ["empty", ""],
    ["blank", "  "],
    ["null", null],
    ["an object", {}],
    ["81 characters", "x".repeat(81)],
  ])("sign-up with a name that is %s is refused", async (_label, name) => {
    const candidate = newUser("nameless");
    const response = await json("/api/auth/sign-up/email", { ...candidate, name });
    expect(response.status).toBe(400);
    const [row] = await app.db.select({ n: count() }).from(user).where(eq(user.email, candidate.email));
    expect(row?.n).toBe(0);
  });
});

describe("state-changing requests with a session cookie must come from the site's origin", () => {
  const create = (headers: Record<string, string>) =>
    api("/api/trpc/organization.create", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: trpcBody({ name: "Cross-site" }),
    });

  it("refuses a cross-origin tRPC mutation and writes nothing", async () => {
    const before = await organizationCount();
    const response = await create({ cookie, origin: "https://attacker.example" });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("origin");
    expect(await organizationCount()).toBe(before);
  });

  it("refuses one whose browser says it is cross-site even without Origin", async () => {
    const response = await create({ cookie, "sec-fetch-site": "cross-site" });
    expect(response.status).toBe(403);
  });

  it("accepts the same mutation from the site itself", async () => {
    const response = await create({ cookie, origin: app.config.baseUrl });
    expect(response.status).toBe(200);
  });

  it("leaves callers without a session cookie to the procedures", async () => {
    const response = await create({ origin: "https://attacker.example" });
    expect(response.status).toBe(401);
  });
});

describe("bodies are capped before they are read", () => {
  const large = JSON.stringify({ email: "a@example.test", password: "x".repeat(2 * 1024 * 1024) });

  it.each(["/api/auth/sign-in/email", "/api/trpc/organization.create", "/api/auth/oauth2/register"])(
    "%s answers 413 to a body over the cap and closes the connection",
    async (path) => {
      const response = await json(path, large, { cookie });
      expect(response.status).toBe(413);
      expect(await response.text()).toContain("Request body exceeds");
      expect(response.headers.get("connection")).toBe("close");
    },
  );

  it("a chunked body that runs past the cap is cut off with 413", async () => {
    const chunk = new Uint8Array(256 * 1024).fill(32);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent++;
        if (sent > 64) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await api("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.config.baseUrl },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(64);
  });
});
