// The call recorder writes every queued call once: in chunks, after a failed flush together with what
// came meanwhile, without rows of a project deleted before the write, and with usage counted exactly.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "~/server/app.ts";
import type { Database } from "~/server/db/client.ts";
import { apiKey, organizationUsage, toolCall } from "~/server/db/schema/index.ts";
import { CallRecorder, type RecordedCall, usageMonth } from "~/server/gateway/call-recorder.ts";
import type { Principal } from "~/server/gateway/principal.ts";
import { createTestApp } from "../support/app.ts";
import { buildWorld } from "./world.ts";

let app: App;
let world: Awaited<ReturnType<typeof buildWorld>>;

beforeAll(async () => {
  app = await createTestApp();
  world = await buildWorld(app);
});
afterAll(async () => {
  await app?.database.close();
});

/**
 * app.db, except that while `down` is set every transaction fails as if the database were away, and
 * while `stalled` is set transactions wait for it to be released.
 */
function flakyDatabase() {
  let release!: () => void;
  const state = {
    down: false,
    stalled: null as Promise<void> | null,
    stall() {
      state.stalled = new Promise<void>((resolve) => {
        release = resolve;
      });
    },
    resume() {
      state.stalled = null;
      release();
    },
  };
  const db = new Proxy(app.db, {
    get(target, property) {
      if (property === "transaction" && state.down) {
        return () => Promise.reject(new Error("connection refused"));
      }
      if (property === "transaction" && state.stalled) {
        const stalled = state.stalled;
        return async (...args: Parameters<Database["transaction"]>) => {
          await stalled;
          return target.transaction(...args);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as Database;
  return { db, state };
}

/** A caller of project A through the API key `apiKeyId`, named `callerName` in the log. */
function keyPrincipal(apiKeyId: string, callerName: string): Principal {
  return {
    projectId: world.projectA.id,
    organizationId: world.orgA.id,
    kind: "api_key",
    apiKeyId,
    oauthClientId: null,
    oauthClientName: null,
    callerName,
    userId: world.ownerA.id,
  };
}

function callFor(principal: Principal, index: number): RecordedCall {
  return {
    principal,
    serverId: null,
    serverName: "standard",
    toolName: index % 2 ? "calculate" : "fetch_web_page",
    channel: "mcp",
    status: index % 2 ? "error" : "success",
    durationMs: index + 0.4,
    errorMessage: index % 2 ? `Division by zero "${index}" — ü` : null,
    at: new Date(Date.UTC(2026, 10, 21, 12, 0, 0, index)),
  };
}

const requestsOf = async (organizationId: string, month: string) =>
  (
    await app.db
      .select({ requests: organizationUsage.requests })
      .from(organizationUsage)
      .where(and(eq(organizationUsage.organizationId, organizationId), eq(organizationUsage.month, month)))
  )[0]?.requests ?? 0;

describe("CallRecorder", () => {
  it("writes every call once, keeps a failed batch for the next flush, and skips deleted projects", async () => {
    const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
    const doomed = await world.ownerA.caller.project.create({
      organizationId: world.orgA.id,
      name: "Doomed",
    });
    const principal = keyPrincipal(key.id, "Agent");
    const month = usageMonth(callFor(principal, 0).at);
    const usageBefore = await requestsOf(world.orgA.id, month);
    const { db, state } = flakyDatabase();
    const errors: unknown[] = [];
    const recorder = new CallRecorder(db, (error) => errors.push(error));

    for (let index = 0; index < 250; index++) recorder.record(callFor(principal, index));
    for (let index = 0; index < 3; index++) {
      recorder.record(callFor({ ...principal, projectId: doomed.id, apiKeyId: null }, index));
    }
    state.down = true;
    await recorder.flush();
    expect(errors).toHaveLength(1);
    expect(await app.db.select().from(toolCall).where(eq(toolCall.projectId, world.projectA.id))).toEqual([]);

    recorder.record(callFor(principal, 250));
    await world.ownerA.caller.project.delete({ projectId: doomed.id });
    state.down = false;
    await recorder.stop();

    expect(errors).toHaveLength(1);
    const rows = await app.db.select().from(toolCall).where(eq(toolCall.projectId, world.projectA.id));
    expect(rows).toHaveLength(251);
    expect(new Set(rows.map((row) => row.id)).size).toBe(251);
    expect(await app.db.select().from(toolCall).where(eq(toolCall.projectId, doomed.id))).toEqual([]);
    const failed = rows.find((row) => row.durationMs === 7);
    expect(failed).toMatchObject({
      organizationId: world.orgA.id,
      serverId: null,
      serverName: "standard",
      toolName: "calculate",
      channel: "mcp",
      apiKeyId: key.id,
      oauthClientId: null,
      callerName: "Agent",
      userId: world.ownerA.id,
      status: "error",
      errorMessage: 'Division by zero "7" — ü',
      createdAt: callFor(principal, 7).at,
    });
    // Usage counts every call of the organization once, the deleted project's included.
    expect((await requestsOf(world.orgA.id, month)) - usageBefore).toBe(254);
    const [used] = await app.db.select().from(apiKey).where(eq(apiKey.id, key.id));
    expect(used?.lastUsedAt).toEqual(callFor(principal, 250).at);
  });

  it("starts no second flush while one is under way, however many calls arrive meanwhile", async () => {
    const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Busy" });
    const principal = keyPrincipal(key.id, "Busy");
    const { db, state } = flakyDatabase();
    const recorder = new CallRecorder(db, (error) => {
      throw error;
    });
    const flushes = vi.spyOn(recorder, "flush");
    state.stall();
    // The 2,000th call starts a flush, which the database holds up; the 3,000 after it must not each
    // wait for it (every waiting call held its request in memory).
    for (let index = 0; index < 5000; index++) recorder.record(callFor(principal, index));
    expect(flushes).toHaveBeenCalledTimes(1);
    state.resume();
    await flushes.mock.results[0]?.value;
    recorder.record(callFor(principal, 5000));
    expect(flushes).toHaveBeenCalledTimes(2);
    await recorder.stop();
    const rows = await app.db.select().from(toolCall).where(eq(toolCall.callerName, "Busy"));
    expect(rows).toHaveLength(5001);
  });
});
