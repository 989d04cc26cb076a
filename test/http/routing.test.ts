// Root behaviours of SPEC §2 over real HTTP against the production build: canonical paths, 404s,
// the /app and /app/admin guards, and no-index marking.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, hasNoindexMeta, redirectTarget } from "../support/http-client.ts";
import { type RunningServer, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

const adminUser = newUser("admin");
const memberUser = newUser("member");
const appPages = ["/app/dashboard", "/app/marketplace"];
const adminPages = [
  "/app/admin",
  "/app/admin/users",
  "/app/admin/credentials",
  "/app/admin/billing",
  "/app/admin/auth-sessions",
];

let server: RunningServer;
let admin: HttpClient;
let member: HttpClient;
let anonymous: HttpClient;

beforeAll(async () => {
  // ADMIN_EMAILS makes the admin explicit instead of relying on who signs up first.
  server = await startServer({ env: { ADMIN_EMAILS: adminUser.email } });
  admin = new HttpClient(server.baseUrl);
  member = new HttpClient(server.baseUrl);
  anonymous = new HttpClient(server.baseUrl);
  await admin.signUp(adminUser);
  await member.signUp(memberUser);
});

afterAll(async () => {
  await server?.stop();
});

/** Follows redirects by hand (keeping cookies) and returns the final response and the path chain. */
async function follow(client: HttpClient, path: string, limit = 5) {
  const chain = [path];
  let response = await client.get(path);
  while (response.status >= 300 && response.status < 400 && chain.length <= limit) {
    const target = redirectTarget(response, client.baseUrl);
    if (!target) break;
    chain.push(`${target.pathname}${target.search}`);
    response = await client.get(target.toString());
  }
  return { response, chain };
}

describe("canonical paths", () => {
  it("redirects a trailing slash with 308 to the slashless path, keeping the query", async () => {
    const response = await anonymous.get("/pricing/?plan=start&interval=annual");
    expect(response.status).toBe(308);
    const target = redirectTarget(response, server.baseUrl);
    expect(target?.pathname).toBe("/pricing");
    expect(target?.search).toBe("?plan=start&interval=annual");
  });

  it("answers an unknown path with a 404 page", async () => {
    const response = await anonymous.get("/no-such-page-here");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(await response.text()).toContain("Not Found");
  });
});

describe("/app guard", () => {
  it("sends a visitor without a session to /sign-in", async () => {
    const response = await anonymous.get("/app/dashboard");
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(redirectTarget(response, server.baseUrl)?.pathname).toBe("/sign-in");
  });

  it("serves /app/dashboard to a signed-in user", async () => {
    const response = await member.get("/app/dashboard");
    expect(response.status).toBe(200);
  });

  it.each(["/app", "/app/"])("sends %s to /app/dashboard", async (path) => {
    const { response, chain } = await follow(member, path);
    expect(chain.at(-1)).toBe("/app/dashboard");
    expect(response.status).toBe(200);
  });
});

describe("/app/admin guard", () => {
  it("sends a non-admin to /app/dashboard", async () => {
    const response = await member.get("/app/admin");
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(redirectTarget(response, server.baseUrl)?.pathname).toBe("/app/dashboard");
  });

  it("serves /app/admin to an admin", async () => {
    const response = await admin.get("/app/admin");
    expect(response.status).toBe(200);
  });
});

describe("no-index marking", () => {
  it.each([...appPages, ...adminPages])("marks %s as noindex", async (path) => {
    const response = await admin.get(path);
    expect(response.status).toBe(200);
    expect(hasNoindexMeta(await response.text())).toBe(true);
  });

  it("marks /sign-in as noindex", async () => {
    const response = await anonymous.get("/sign-in");
    expect(response.status).toBe(200);
    expect(hasNoindexMeta(await response.text())).toBe(true);
  });

  it("leaves the public home page indexable", async () => {
    const response = await anonymous.get("/");
    expect(response.status).toBe(200);
    expect(hasNoindexMeta(await response.text())).toBe(false);
  });
});

describe("data API", () => {
  it("answers a protected procedure without a session with 401", async () => {
    const response = await anonymous.get("/api/trpc/user.getInfo");
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.error.json.data.code).toBe("UNAUTHORIZED");
  });

  it("answers it with the signed-in user's info", async () => {
    const response = await member.get("/api/trpc/user.getInfo");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result.data.json).toMatchObject({ email: memberUser.email, role: "user" });
  });
});
