// Through the production server, an audit event keeps the address the connection came from (not an
// X-Forwarded-For the client made up: no proxy is trusted here) and the browser's user agent.
import { afterAll, beforeAll, expect, it } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

it("records the peer's address and the user agent of a mutation", async () => {
  const browser = new HttpClient(server.baseUrl);
  await browser.signUp(newUser("origin"));
  const organization = await browser.mutate<{ id: string }>("organization.create", { name: "Origin Co" });
  const response = await browser.request("/api/trpc/organization.rename", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "OriginTest/2.0",
      "x-forwarded-for": "198.51.100.99",
      "x-portico-client-address": "198.51.100.98",
    },
    body: JSON.stringify({ json: { id: organization.id, name: "Origin Ltd" } }),
  });
  expect(response.status).toBe(200);
  const log = await browser.query<{
    items: Array<{ action: string; ipAddress: string | null; userAgent: string | null }>;
  }>("auditLog.list", { organizationId: organization.id, filters: {} });
  const renamed = log.items.find((event) => event.action === "organization.settings_changed");
  expect(renamed?.userAgent).toBe("OriginTest/2.0");
  expect(renamed?.ipAddress).toMatch(/^(127\.0\.0\.1|::1)$/);
});
