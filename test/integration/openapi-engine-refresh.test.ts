import { afterAll, describe, expect, it } from "vitest";
import { findConnection } from "~/server/integrations/connections/connection-store.ts";
import { expireStoredToken } from "../support/expire-token.ts";
import { startOpenApiWorld, textOf } from "./openapi-world.ts";

const w = await startOpenApiWorld();
afterAll(() => w.close());

const expireHubSpotToken = () => expireStoredToken(w.app.db, w.world.orgA.id, "hubspot");

describe("token refresh through tool calls", () => {
  it("50 concurrent calls on an expired token → one refresh, every call sent with the new token", async () => {
    w.reset();
    await expireHubSpotToken();
    const oldToken = w.hubspotToken();
    w.hubspotAuth.refreshDelayMs = 200;
    const refreshesBefore = w.hubspotAuth.refreshRequests.length;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => w.call(w.hubspot, "list_contacts", { limit: 1 })),
    );
    w.hubspotAuth.refreshDelayMs = 0;
    expect(w.hubspotAuth.refreshRequests.length - refreshesBefore).toBe(1);
    expect(results.filter((result) => result.isError)).toEqual([]);
    const newToken = w.hubspotToken();
    expect(newToken).not.toBe(oldToken);
    expect(w.hubspotApi.requests).toHaveLength(50);
    expect(new Set(w.hubspotApi.requests.map((request) => request.headers.authorization))).toEqual(
      new Set([`Bearer ${newToken}`]),
    );
  });

  it("a refused refresh → the connection is in error with the reason, and the tool says so", async () => {
    w.reset();
    await expireHubSpotToken();
    w.hubspotAuth.refreshError = { error: "invalid_grant", error_description: "Refresh token revoked" };
    const reason = "Token refresh failed: HubSpot answered invalid_grant (Refresh token revoked).";
    const result = await w.call(w.hubspot, "list_contacts", { limit: 1 });
    w.hubspotAuth.refreshError = null;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(reason);
    expect(w.hubspotApi.requests).toHaveLength(0);
    const row = await findConnection(w.app.db, w.world.orgA.id, "hubspot");
    expect(row).toMatchObject({ status: "error", statusReason: reason });
  });
});
