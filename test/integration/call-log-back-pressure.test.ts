// The call log's back-pressure (issue 24, item 2): what a crash loses is every answered call not yet
// committed, and that is kept within one flush interval at any database speed. No call starts while
// a call answered more than FLUSH_INTERVAL_MS ago is unwritten; calls wait (or are refused past their
// time limit) rather than rows being dropped; at normal load nothing waits.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/server/db/client.ts";
import { toolCall } from "~/server/db/schema/index.ts";
import { standardTools } from "~/server/gateway/catalogue/standard-tools/index.ts";
import type { GatewayTool } from "~/server/gateway/catalogue/tool-types.ts";
import type { RecordedCall } from "~/server/gateway/pipeline/call-log-row.ts";
import { CallRecorder, FLUSH_INTERVAL_MS } from "~/server/gateway/pipeline/call-recorder.ts";
import { CALL_LOG_BUSY, runTool } from "~/server/gateway/pipeline/run-tool.ts";
import { callFor, flakyDatabase, keyPrincipal } from "./call-recorder-fixtures.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();

const calculate = standardTools.find((candidate) => candidate.name === "calculate") as GatewayTool;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rowsOf = async (callerName: string) =>
  (await app.db.select({ id: toolCall.id }).from(toolCall).where(eq(toolCall.callerName, callerName))).length;

/**
 * app.database, each transaction `delayMs` late, counting the rows committed (COPY reports them).
 * Calls are written in the order they were recorded, so the first `committed` recorded are safe.
 */
function slowDatabase(delayMs: number) {
  const counter = { committed: 0 };
  const database: Pick<DatabaseHandle, "bulkTransaction"> = {
    async bulkTransaction(fn) {
      await sleep(delayMs);
      let copied = 0;
      const result = await app.database.bulkTransaction((tx) =>
        fn({
          query: (sql, params) => tx.query(sql, params),
          copyCsv: async (target, csv) => {
            const rows = await tx.copyCsv(target, csv);
            copied += rows;
            return rows;
          },
        }),
      );
      counter.committed += copied;
      return result;
    },
  };
  return { database, counter };
}

/**
 * Sends a calculate call every `everyMs` for `forMs` through runTool, as the gateway does. At the
 * moment each call starts it notes how long ago the oldest call not yet committed was answered.
 */
async function callSteadily(
  recorder: CallRecorder,
  counter: { committed: number },
  callerName: string,
  everyMs: number,
  forMs: number,
) {
  const principal = keyPrincipal(world, null, callerName);
  const recordedAt: number[] = [];
  const ageAtStart: number[] = [];
  const observed = {
    room: () => recorder.room(),
    record(call: RecordedCall) {
      recordedAt.push(performance.now());
      recorder.record(call);
    },
  };
  const tool: GatewayTool = {
    ...calculate,
    run(args, context) {
      const oldest = recordedAt[counter.committed];
      ageAtStart.push(oldest === undefined ? 0 : performance.now() - oldest);
      return calculate.run(args, context);
    },
  };
  const options = {
    recorder: observed,
    timeoutMs: 20_000,
    allowPrivateUrls: false,
    channel: "mcp" as const,
    reportError() {},
  };
  const calls: Promise<{ isError?: boolean }>[] = [];
  const until = performance.now() + forMs;
  while (performance.now() < until) {
    calls.push(runTool(tool, { expression: "6 * 7" }, principal, options));
    await sleep(everyMs);
  }
  const results = await Promise.all(calls);
  return { sent: calls.length, refused: results.filter((result) => result.isError).length, ageAtStart };
}

describe("call log back-pressure", () => {
  it("starts no call while a call answered over a flush interval ago is unwritten, however slow the database", async () => {
    // Each flush takes longer than the half interval left for it: calls must wait, or the oldest
    // unwritten call ages past the interval (with a bound of 4,000 calls it reached about 2 s).
    const { database, counter } = slowDatabase(700);
    const warnings: string[] = [];
    const recorder = new CallRecorder(
      database,
      (error) => {
        throw error;
      },
      (message) => warnings.push(message),
    );
    recorder.start();
    const { sent, refused, ageAtStart } = await callSteadily(recorder, counter, "Slow database", 5, 3000);
    await recorder.stop();

    // A few ms for the microtasks between the recorder's check and the call's start.
    expect(Math.max(...ageAtStart)).toBeLessThan(FLUSH_INTERVAL_MS + 25);
    expect(warnings.join("\n")).toContain("Call log backlog full");
    expect(warnings.join("\n")).toMatch(/tool calls were held meanwhile/);
    // Calls waited; none was refused and no row was dropped.
    expect(refused).toBe(0);
    expect(await rowsOf("Slow database")).toBe(sent);
    expect(recorder.backlog).toBe(0);
  });

  it("makes no call wait at normal load, and writes calls within half a flush interval or so", async () => {
    const { database, counter } = slowDatabase(0);
    const warnings: string[] = [];
    const recorder = new CallRecorder(
      database,
      (error) => {
        throw error;
      },
      (message) => warnings.push(message),
    );
    const room = vi.spyOn(recorder, "room");
    recorder.start();
    const { sent, ageAtStart } = await callSteadily(recorder, counter, "Normal load", 5, 1500);
    // Written by age, far below FLUSH_AT_QUEUE_LENGTH calls, without stop().
    await vi.waitFor(() => expect(counter.committed).toBe(sent), { timeout: FLUSH_INTERVAL_MS });
    await recorder.stop();

    expect(room.mock.results.every((result) => result.value === null)).toBe(true);
    expect(warnings).toEqual([]);
    expect(Math.max(...ageAtStart)).toBeLessThan(FLUSH_INTERVAL_MS);
    expect(await rowsOf("Normal load")).toBe(sent);
  });

  it("holds a new call while an unwritten call is older than the interval, drops no row, and says so", async () => {
    const principal = keyPrincipal(world, null, "Held");
    const { database, state } = flakyDatabase(app.database);
    const warnings: string[] = [];
    const recorder = new CallRecorder(
      database,
      () => undefined,
      (message) => warnings.push(message),
    );
    state.stall();
    recorder.record(callFor(principal, 0));
    await vi.waitFor(() => expect(recorder.oldestUnwrittenMs).toBeGreaterThanOrEqual(FLUSH_INTERVAL_MS), {
      timeout: 2 * FLUSH_INTERVAL_MS,
    });
    const options = {
      recorder,
      timeoutMs: 10_000,
      allowPrivateUrls: false,
      channel: "mcp" as const,
      reportError() {},
    };
    let settled = false;
    const held = runTool(calculate, { expression: "6 * 7" }, principal, options).then((result) => {
      settled = true;
      return result;
    });
    await vi.waitFor(() => expect(warnings.join("\n")).toContain("Call log backlog full"));
    expect(recorder.full).toBe(true);
    await sleep(50);
    expect(settled).toBe(false);
    state.resume();
    const result = await held;
    expect(result.isError).toBeFalsy();
    expect(warnings.join("\n")).toMatch(/1 tool calls were held/);
    expect(recorder.full).toBe(false);
    await recorder.stop();
    expect(await rowsOf("Held")).toBe(2);
  });

  it("refuses a held call that cannot start within its time limit, without recording it", async () => {
    const principal = keyPrincipal(world, null, "Refused");
    const { database, state } = flakyDatabase(app.database);
    const recorder = new CallRecorder(
      database,
      () => undefined,
      () => undefined,
    );
    state.stall();
    recorder.record(callFor(principal, 0));
    await vi.waitFor(() => expect(recorder.oldestUnwrittenMs).toBeGreaterThanOrEqual(FLUSH_INTERVAL_MS), {
      timeout: 2 * FLUSH_INTERVAL_MS,
    });
    const record = vi.spyOn(recorder, "record");
    const result = await runTool(calculate, { expression: "1 + 1" }, principal, {
      recorder,
      timeoutMs: 300,
      allowPrivateUrls: false,
      channel: "mcp",
      reportError() {},
    });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain(CALL_LOG_BUSY);
    expect(record).not.toHaveBeenCalled();
    state.resume();
    await recorder.stop();
    expect(await rowsOf("Refused")).toBe(1);
  });
});
