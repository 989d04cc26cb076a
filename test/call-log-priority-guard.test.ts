// The background threads get their normal CPU priority back while the call log falls behind, and
// SCHED_IDLE again only once it has stayed caught up (scripts/call-log-priority-guard.ts, issue 42).
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { guardCallLogPriority, type Policy, RAISE_AT_MS } from "../scripts/call-log-priority-guard.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function watch(threadIds = ["11", "12"]) {
  let lag = 0;
  const changes: Policy[] = [];
  const stop = guardCallLogPriority(
    threadIds,
    () => lag,
    async (ids, policy) => {
      expect(ids).toEqual(threadIds);
      changes.push(policy);
    },
    () => Date.now(), // the fake timers' clock
  );
  const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);
  return { changes, stop, pass, setLag: (ms: number) => (lag = ms) };
}

it("raises the threads once the call log is behind, and idles them after it stayed caught up", async () => {
  const guard = watch();
  guard.setLag(450); // a flush is due at 500 ms: normal
  await guard.pass(1_000);
  expect(guard.changes).toEqual([]);

  guard.setLag(RAISE_AT_MS);
  await guard.pass(100);
  expect(guard.changes).toEqual(["normal"]);

  // Behind for a while more, then caught up: not idled again until calm for 5 s.
  guard.setLag(900);
  await guard.pass(2_000);
  guard.setLag(100);
  await guard.pass(3_000);
  guard.setLag(650); // still lagging now and then: the calm starts over
  await guard.pass(100);
  guard.setLag(100);
  await guard.pass(4_500);
  expect(guard.changes).toEqual(["normal"]);
  await guard.pass(1_000);
  expect(guard.changes).toEqual(["normal", "idle"]);

  guard.setLag(2_000);
  await guard.pass(100);
  expect(guard.changes).toEqual(["normal", "idle", "normal"]);
  guard.stop();
});

it("does nothing when no thread was idled (chrt missing, not Linux)", async () => {
  const guard = watch([]);
  guard.setLag(5_000);
  await guard.pass(1_000);
  expect(guard.changes).toEqual([]);
});
