// The call recorder writes every queued call once: in chunks, a failed batch again before what came
// meanwhile, without rows of a project deleted before the write, and with usage counted exactly, also
// when a commit happened but was never confirmed.
// (Back-pressure, which bounds what a crash loses, is in call-log-back-pressure.test.ts.)
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { apiKey, callLogBatch, organizationUsage, toolCall } from "~/server/db/schema/index.ts";
import {
  MAX_STORED_ARGUMENTS,
  type RecordedCall,
  storedArguments,
} from "~/server/gateway/pipeline/call-log-row.ts";
import { CallRecorder, usageMonth } from "~/server/gateway/pipeline/call-recorder.ts";
import { setPlan } from "../support/plans.ts";
import {
  callFor,
  flakyDatabase as flakyFixture,
  keyPrincipal as keyPrincipalIn,
} from "./call-recorder-fixtures.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();

const flakyDatabase = () => flakyFixture(app.database);
const keyPrincipal = (apiKeyId: string | null, callerName: string) =>
  keyPrincipalIn(world, apiKeyId, callerName);

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
    const { database, state } = flakyDatabase();
    const errors: unknown[] = [];
    const recorder = new CallRecorder(database, (error) => errors.push(error));

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
    // Durations keep their tenth of a millisecond (sub-millisecond calls are most standard-tool calls).
    const failed = rows.find((row) => row.durationMs === 7.4);
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
    expect(JSON.parse(failed?.arguments ?? "")).toEqual({
      expression: "7 / 0",
      note: 'quoted "text", commas',
    });
    // Usage counts every call of the organization once, the deleted project's included.
    expect((await requestsOf(world.orgA.id, month)) - usageBefore).toBe(254);
    const [used] = await app.db.select().from(apiKey).where(eq(apiKey.id, key.id));
    expect(used?.lastUsedAt).toEqual(callFor(principal, 250).at);
  });

  it("logs playground runs, counted as a monthly request like every door's, and caps stored arguments", async () => {
    const principal = keyPrincipal(null, "Playground");
    const at = new Date(Date.UTC(2026, 9, 2));
    const usageBefore = await requestsOf(world.orgA.id, usageMonth(at));
    const recorder = new CallRecorder(app.database, (error) => {
      throw error;
    });
    const big = storedArguments({ body: "x".repeat(MAX_STORED_ARGUMENTS * 2) });
    expect(big).toHaveLength(MAX_STORED_ARGUMENTS + 1);
    expect(big.endsWith("…")).toBe(true);
    recorder.record({ ...callFor(principal, 0), channel: "playground", arguments: big, at });
    await recorder.stop();

    const rows = await app.db.select().from(toolCall).where(eq(toolCall.callerName, "Playground"));
    expect(rows.map((row) => [row.channel, row.arguments])).toEqual([["playground", big]]);
    expect(await requestsOf(world.orgA.id, usageMonth(at))).toBe(usageBefore + 1);
  });

  it("skips the calls of a project deleted before their first write and writes the others", async () => {
    const gone = await world.ownerA.caller.project.create({ organizationId: world.orgA.id, name: "Gone" });
    const principal = keyPrincipal(null, "Mixed");
    const errors: unknown[] = [];
    const recorder = new CallRecorder(app.database, (error) => errors.push(error));
    for (let index = 0; index < 5; index++) recorder.record(callFor(principal, index));
    for (let index = 0; index < 2; index++) {
      recorder.record(callFor({ ...principal, projectId: gone.id }, index));
    }
    await world.ownerA.caller.project.delete({ projectId: gone.id });
    await recorder.stop();

    expect(errors).toEqual([]);
    expect(await app.db.select().from(toolCall).where(eq(toolCall.callerName, "Mixed"))).toHaveLength(5);
    expect(await app.db.select().from(toolCall).where(eq(toolCall.projectId, gone.id))).toEqual([]);
  });

  it("writes and counts a batch once when its commit happened but was never confirmed", async () => {
    const principal = keyPrincipal(null, "Unconfirmed");
    const month = usageMonth(callFor(principal, 0).at);
    const usageBefore = await requestsOf(world.orgA.id, month);
    const { database, state } = flakyDatabase();
    const errors: unknown[] = [];
    const recorder = new CallRecorder(database, (error) => errors.push(error));
    for (let index = 0; index < 10; index++) recorder.record(callFor(principal, index));
    state.commitThenFail = true;
    await recorder.flush();
    expect(errors).toHaveLength(1);
    expect((await requestsOf(world.orgA.id, month)) - usageBefore).toBe(10);

    state.commitThenFail = false;
    recorder.record(callFor(principal, 10));
    await recorder.stop();
    expect(errors).toHaveLength(1);
    const rows = await app.db.select().from(toolCall).where(eq(toolCall.callerName, "Unconfirmed"));
    expect(rows.map((row) => row.durationMs).sort((a, b) => a - b)).toEqual([
      0.4, 1.4, 2.4, 3.4, 4.4, 5.4, 6.4, 7.4, 8.4, 9.4, 10.4,
    ]);
    expect((await requestsOf(world.orgA.id, month)) - usageBefore).toBe(11);
  });

  it("keeps a batch's id only until its commit is confirmed, and forgets a stopped server's after a day", async () => {
    const principal = keyPrincipal(null, "Ledger");
    const ids = async () => (await app.db.select().from(callLogBatch)).map((row) => row.id);
    await app.db
      .insert(callLogBatch)
      .values([
        { id: "left-by-a-stopped-server", createdAt: new Date(Date.now() - 25 * 3600_000) },
        { id: "in-flight-on-another-server" },
      ]);
    const before = await ids();
    const recorder = new CallRecorder(app.database, (error) => {
      throw error;
    });
    const written: string[][] = [];
    for (let flush = 0; flush < 3; flush++) {
      recorder.record(callFor(principal, flush));
      await recorder.flush();
      written.push(await ids());
    }
    const [first, second, third] = written.map((list) => list.filter((id) => !before.includes(id)));
    // Each flush deletes the id of the flush before, whose commit it saw confirmed.
    expect([first?.length, second?.length, third?.length]).toEqual([1, 1, 1]);
    expect(new Set([first?.[0], second?.[0], third?.[0]]).size).toBe(3);
    expect(written[0]).not.toContain("left-by-a-stopped-server");
    expect(written[2]).toContain("in-flight-on-another-server");
    expect(await app.db.select().from(toolCall).where(eq(toolCall.callerName, "Ledger"))).toHaveLength(3);
  });

  it("stores any text as given, except NUL characters, which PostgreSQL cannot hold", async () => {
    const principal = keyPrincipal(null, 'Caller, "quoted"\nand on two lines');
    const errors: unknown[] = [];
    const recorder = new CallRecorder(app.database, (error) => errors.push(error));
    const at = new Date(Date.UTC(2026, 10, 21, 13));
    const call = (errorMessage: string | null, serverName: string): RecordedCall => ({
      ...callFor(principal, 0),
      serverName,
      errorMessage,
      at,
    });
    recorder.record(call("", ""));
    recorder.record(call('upstream said "no",\r\nthen \\N and \0NUL', "server\0 ü 🙂"));
    await recorder.stop();

    expect(errors).toEqual([]);
    const rows = await app.db
      .select({ serverName: toolCall.serverName, errorMessage: toolCall.errorMessage })
      .from(toolCall)
      .where(eq(toolCall.callerName, principal.callerName));
    expect(rows.sort((a, b) => a.serverName.length - b.serverName.length)).toEqual([
      { serverName: "", errorMessage: "" },
      { serverName: "server ü 🙂", errorMessage: 'upstream said "no",\r\nthen \\N and NUL' },
    ]);
  });

  it("deletes a project's calls with the project, and an organization's with the organization", async () => {
    const organization = await world.ownerA.caller.organization.create({ name: "Short-lived" });
    await setPlan(app, organization.id, "start"); // two projects: more than Free has
    const [first, second] = await Promise.all(
      ["First", "Second"].map((name) =>
        world.ownerA.caller.project.create({ organizationId: organization.id, name }),
      ),
    );
    if (!first || !second) throw new Error("projects not created");
    const recorder = new CallRecorder(app.database, (error) => {
      throw error;
    });
    for (const project of [first, second, world.projectA]) {
      const principal = { ...keyPrincipal(null, "Cascade"), projectId: project.id };
      recorder.record(callFor({ ...principal, organizationId: project.organizationId }, 0));
    }
    await recorder.stop();
    const projectsLogged = async () =>
      (await app.db.select().from(toolCall).where(eq(toolCall.callerName, "Cascade")))
        .map((row) => row.projectId)
        .sort();
    expect(await projectsLogged()).toEqual([first.id, second.id, world.projectA.id].sort());

    await world.ownerA.caller.project.delete({ projectId: first.id });
    expect(await projectsLogged()).toEqual([second.id, world.projectA.id].sort());
    await world.ownerA.caller.organization.delete({ id: organization.id });
    expect(await projectsLogged()).toEqual([world.projectA.id]);
  });

  it("starts no second flush while one is under way, however many calls arrive meanwhile", async () => {
    const key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Busy" });
    const principal = keyPrincipal(key.id, "Busy");
    const { database, state } = flakyDatabase();
    const recorder = new CallRecorder(database, (error) => {
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

  it("writes a call by its age check, which runs only while something is queued (an idle server sleeps)", async () => {
    const principal = keyPrincipal(null, "Sleepy");
    const recorder = new CallRecorder(app.database, (error) => {
      throw error;
    });
    const ageCheckArmed = () => (recorder as unknown as { ageCheck?: unknown }).ageCheck !== undefined;
    recorder.start();
    expect(ageCheckArmed()).toBe(false);
    recorder.record(callFor(principal, 0));
    expect(ageCheckArmed()).toBe(true);
    // Written without a flush asked for: the age check starts it once the call is half a second old,
    // then, with nothing left to write, stops.
    await vi.waitFor(
      async () => {
        const rows = await app.db.select().from(toolCall).where(eq(toolCall.callerName, "Sleepy"));
        expect(rows).toHaveLength(1);
        expect(ageCheckArmed()).toBe(false);
      },
      { timeout: 10_000, interval: 100 },
    );
    recorder.record(callFor(principal, 1));
    expect(ageCheckArmed()).toBe(true);
    await recorder.stop();
    expect(ageCheckArmed()).toBe(false);
  });
});
