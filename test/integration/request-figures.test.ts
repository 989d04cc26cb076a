// Figures that agree (issue 43): the project overview, the organization's requests this period and the
// billing page count the same calls the same way, and durations keep their tenths of a millisecond.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolCall } from "~/server/db/schema/index.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
let client: Client;

beforeAll(async () => {
  const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Figures" });
  client = await connectMcpClient(app, key.secret);
});
afterAll(async () => {
  await client?.close();
});

describe("request figures", () => {
  it("agree between the project overview, its organization's period and the billing page", async () => {
    for (const expression of ["1 + 1", "2 * 3", "1 +"]) {
      await client.callTool({ name: "calculate", arguments: { expression } });
    }
    const stats = await world.ownerA.caller.project.getProjectStats({ projectId: world.projectA.id });
    const billing = await world.ownerA.caller.billing.getOverview({ organizationId: world.orgA.id });
    const logged = await app.db.select().from(toolCall).where(eq(toolCall.organizationId, world.orgA.id));
    expect(logged.length).toBeGreaterThanOrEqual(3);
    // One project in the organization: its 14 days, the organization's period and billing are one count.
    expect(stats.calls.totals.requests).toBe(logged.length);
    expect(stats.calls.organizationRequests.count).toBe(logged.length);
    expect(billing.usage.requests).toBe(logged.length);
    expect(new Date(stats.calls.organizationRequests.periodStart)).toEqual(new Date(billing.periodStart));
    expect(billing.daily.reduce((sum, day) => sum + day.requests, 0)).toBe(logged.length);
  });

  it("keeps sub-millisecond durations instead of rounding them to 0", async () => {
    const stats = await world.ownerA.caller.project.getProjectStats({ projectId: world.projectA.id });
    const logged = await app.db.select().from(toolCall).where(eq(toolCall.projectId, world.projectA.id));
    const mean = logged.reduce((sum, row) => sum + row.durationMs, 0) / logged.length;
    expect(stats.calls.totals.averageDurationMs).toBe(Math.round(mean * 10) / 10);
    // Measured to 0.1 ms: a stored duration is a multiple of a tenth, not a whole number only.
    for (const row of logged) expect(Math.round(row.durationMs * 10) / 10).toBe(row.durationMs);
  });
});
