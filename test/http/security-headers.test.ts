// Security headers over real HTTP against the production build: pages cannot be framed by another site
// (clickjacking), nothing is sniffed, and answers carrying tokens, secrets or a user's data are not
// stored (the token endpoint's no-store is RFC 6749 §5.1). Unit rules: security-headers.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

let server: RunningServer;
let browser: HttpClient;

beforeAll(async () => {
  server = await startServer();
  browser = new HttpClient(server.baseUrl);
  await browser.signUp(newUser("headers-http"));
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

const framingRefused = (response: Response) => {
  expect(response.headers.get("x-frame-options")).toBe("DENY");
  expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
};

describe("pages", () => {
  it.each([
    ["/", false],
    ["/sign-in", false],
    ["/app/dashboard", true],
  ])("%s may not be framed by another site", async (path, signedIn) => {
    const response = await (signedIn ? browser : new HttpClient(server.baseUrl)).get(path);
    expect(response.status).toBe(200);
    framingRefused(response);
  });

  it("keeps the signed-in app out of caches, and not the public site", async () => {
    expect((await browser.get("/app/dashboard")).headers.get("cache-control")).toContain("no-store");
    expect((await browser.get("/pricing")).headers.get("cache-control") ?? "").not.toContain("no-store");
  });

  it("sends no HSTS from a plain-http test origin", async () => {
    expect((await browser.get("/")).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("cookies", () => {
  it("keeps the session cookie from scripts and cross-site requests", async () => {
    const response = await new HttpClient(server.baseUrl).postJson(
      "/api/auth/sign-up/email",
      newUser("cookie-flags"),
    );
    expect(response.status).toBe(200);
    const session = response.headers.getSetCookie().find((cookie) => cookie.includes("session_token="));
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    // Secure (and the __Secure- prefix) come with an https BASE_URL (auth.ts useSecureCookies).
  });
});

describe("APIs", () => {
  it("answers the token endpoint and client registration with no-store", async () => {
    const anonymous = new HttpClient(server.baseUrl);
    const registration = await anonymous.postJson("/api/auth/oauth2/register", {
      client_name: "Confidential client",
      redirect_uris: ["https://client.example/cb"],
      token_endpoint_auth_method: "client_secret_post",
    });
    expect(registration.status).toBe(201);
    expect(((await registration.json()) as { client_secret?: string }).client_secret).toBeTruthy();
    expect(registration.headers.get("cache-control")).toBe("no-store");
    const token = await anonymous.request("/api/auth/oauth2/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: "nope", client_id: "nope" }),
    });
    expect(token.status).toBeGreaterThanOrEqual(400);
    expect(token.headers.get("cache-control")).toBe("no-store");
  });

  it("answers the data API with no-store", async () => {
    const response = await browser.get("/api/trpc/user.getInfo");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
