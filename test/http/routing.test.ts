// Root behaviours of requirements §2 over real HTTP against the production build: canonical paths, 404s,
// the /app and /app/admin guards, and no-index marking.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, hasNoindexMeta, redirectTarget } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

const adminUser = newUser("admin");
const memberUser = newUser("member");
const routeTree = readFileSync(new URL("../../src/routeTree.gen.ts", import.meta.url), "utf8");
/** Every /app page the router knows, so a page added later is checked without editing this file. */
const appRoutes = [
  ...new Set(
    [...routeTree.matchAll(/fullPath: '(\/app[^']*)'/g)].map(([, p]) => p?.replace(/\/$/, "") ?? ""),
  ),
];

// Route parameters, filled in once beforeAll has created an organization and a project.
const params: Record<string, string> = {};

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
  const organization = await admin.mutate<{ id: string }>("organization.create", { name: "Noindex Org" });
  const project = await admin.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Noindex Project",
  });
  params.$organizationId = organization.id;
  params.$projectId = project.id;
  params.$platform = "claude-code";
  params.$agentId = (
    await admin.mutate<{ id: string }>("projectAgents.addToProject", {
      projectId: project.id,
      presetId: "neo",
    })
  ).id;
  params.$integrationId = "gmail";
}, SERVER_HOOK_TIMEOUT);

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

  it("answers an unknown path with the 404 page of requirements §8, inside the site's header and footer", async () => {
    const response = await anonymous.get("/no-such-page-here");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain("Sorry, this page could not be found.");
    expect(html).toContain("<footer");
    expect(html).toContain("<header");
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
    const target = redirectTarget(response, server.baseUrl);
    expect(target?.pathname).toBe("/app/dashboard");
    // The dashboard says why (dashboard-notice.tsx).
    expect(target?.searchParams.get("notice")).toBe("admin-only");
  });

  it("serves /app/admin to an admin", async () => {
    const response = await admin.get("/app/admin");
    expect(response.status).toBe(200);
  });
});

describe("no-index marking", () => {
  it("marks every /app page as noindex", async () => {
    expect(appRoutes).toEqual(expect.arrayContaining(["/app/dashboard", "/app/admin"]));
    for (const route of appRoutes) {
      // A splat route (/app/$) is the 404 page for unknown paths: noindex too, with its status.
      const splat = route.endsWith("/$");
      const path = route.replace(/\$\w+/g, (name) => params[name] ?? name).replace(/\/\$$/, "/no-such-page");
      expect(path, `no test value for a parameter of ${route}`).not.toContain("$");
      const { response, chain } = await follow(admin, path);
      expect(response.status, chain.join(" -> ")).toBe(splat ? 404 : 200);
      expect(hasNoindexMeta(await response.text()), chain.join(" -> ")).toBe(true);
    }
    // Every /app route rendered on the server once (37 now), the first of some loading their lazy
    // modules (the agent page's tokenizer): 20-28 s on a loaded machine, beyond the suite's 30 s default.
  }, 120_000);

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
    await expect(anonymous.mutate("organization.create", { name: "x" })).rejects.toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
    });
  });

  it("answers it with the signed-in user's info", async () => {
    await expect(member.query("user.getInfo")).resolves.toMatchObject({
      email: memberUser.email,
      role: "user",
    });
  });
});

describe("/mcp", () => {
  // scripts/serve.ts puts the node:http path (handle-mcp-node.ts) in front of srvx: a body of declared
  // length takes it, a streamed one the Web path. Both must give the same answer.
  it("answers a tools/call the same with and without Content-Length", async () => {
    const key = await admin.mutate<{ secret: string }>("apiKeys.create", {
      projectId: params.$projectId,
      name: "routing",
    });
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 9,
      method: "tools/call",
      params: { name: "calculate", arguments: { expression: "12 * 12" } },
    });
    const send = (streamed: boolean) =>
      fetch(`${server.baseUrl}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${key.secret}`,
        },
        body: streamed ? new Blob([body]).stream() : body,
        ...(streamed ? { duplex: "half" } : {}),
      });
    const declared = await send(false);
    const streamed = await send(true);
    expect(declared.status).toBe(200);
    expect(streamed.status).toBe(200);
    const text = await declared.text();
    expect(JSON.parse(text)).toMatchObject({ id: 9, result: { structuredContent: { result: 144 } } });
    expect(await streamed.text()).toBe(text);
  });
});
