// What readiness asks of the call log (issue 45): that it can take writes, not that it has no backlog.
// A backlog (the database or the CPU all replicas share being slow) holds new calls briefly and
// answers them; failing readiness on it took every replica out of the load balancer at once, and a
// rolling restart at load lost calls to "no ready backend". Readiness must still not turn true before
// a write went through, and turns false while flushes fail.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CallRecorder, FLUSH_INTERVAL_MS } from "~/server/gateway/pipeline/call-recorder.ts";
import { readiness } from "~/server/observability/health.ts";
import { callFor, flakyDatabase, keyPrincipal } from "./call-recorder-fixtures.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
// Past the moment readiness reuses a result.
const sleepPastReuse = () => new Promise((resolve) => setTimeout(resolve, 600));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the call log's readiness", () => {
  it("is writable only once a write went through, stays so under a backlog, and not while flushes fail", async () => {
    const { database, state } = flakyDatabase(app.database);
    const errors: unknown[] = [];
    const recorder = new CallRecorder(
      database,
      (error) => errors.push(error),
      () => undefined,
    );
    recorder.start();
    // Nothing written yet, and the database refuses: not writable, the failure reported.
    state.down = true;
    expect(recorder.writable).toBe(false);
    await recorder.warmUp();
    expect(recorder.writable).toBe(false);
    expect(errors).toHaveLength(1);
    state.down = false;
    await recorder.warmUp();
    expect(recorder.writable).toBe(true);

    // A backlog past the flush interval (calls would wait in room()) leaves it writable.
    const principal = keyPrincipal(world, null, "Readiness backlog");
    state.stall();
    recorder.record(callFor(principal, 0));
    await vi.waitFor(() => expect(recorder.full).toBe(true), { timeout: 3 * FLUSH_INTERVAL_MS });
    expect(recorder.writable).toBe(true);
    state.resume();
    await recorder.flush();
    expect(recorder.full).toBe(false);

    // A failed flush makes it unwritable until a flush succeeds.
    state.down = true;
    recorder.record(callFor(principal, 1));
    await recorder.flush();
    expect(recorder.writable).toBe(false);
    state.down = false;
    await recorder.flush();
    expect(recorder.writable).toBe(true);
    await recorder.stop();
  });

  it("keeps the replica ready while the call log has a backlog", async () => {
    await sleepPastReuse();
    vi.spyOn(app.gateway.recorder, "full", "get").mockReturnValue(true);
    vi.spyOn(app.gateway.recorder, "oldestUnwrittenMs", "get").mockReturnValue(5 * FLUSH_INTERVAL_MS);
    const result = await readiness(app);
    expect(result).toMatchObject({ ready: true, checks: { callLog: "ok" } });
  });

  it("fails readiness while the call log cannot write, and tries a write to find out", async () => {
    await sleepPastReuse();
    vi.spyOn(app.gateway.recorder, "writable", "get").mockReturnValue(false);
    const warmUp = vi.spyOn(app.gateway.recorder, "warmUp");
    const result = await readiness(app);
    expect(result).toMatchObject({ ready: false, checks: { callLog: "failing", database: "ok" } });
    expect(warmUp).toHaveBeenCalled();
  });
});
