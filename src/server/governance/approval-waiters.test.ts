// A wait that begins after its approval changed must not sleep through that change: a retry reads the
// row, the reviewer decides, and only then does the retry start waiting (the decision's wake-up found
// nobody waiting, and cost the caller the whole 20 s wait).
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { ApprovalWaiters } from "./approval-waiters.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Whether the wait has resolved after `ms` of the fake clock. */
async function resolvedAfter(wait: Promise<void>, ms: number): Promise<boolean> {
  let resolved = false;
  void wait.then(() => {
    resolved = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return resolved;
}

it("ends a wait at once when the approval changed after the caller read it", async () => {
  const waiters = new ApprovalWaiters();
  const readAt = Date.now();
  await vi.advanceTimersByTimeAsync(5);
  await waiters.changed("appr_1"); // decided between the read and the wait
  expect(await resolvedAfter(waiters.wait("appr_1", 20_000, undefined, readAt), 0)).toBe(true);
});

it("waits for the next change when the last one came before the caller's read", async () => {
  const waiters = new ApprovalWaiters();
  await waiters.changed("appr_1");
  await vi.advanceTimersByTimeAsync(5);
  const wait = waiters.wait("appr_1", 20_000, undefined, Date.now());
  expect(await resolvedAfter(wait, 1_000)).toBe(false);
  await waiters.changed("appr_1");
  expect(await resolvedAfter(wait, 0)).toBe(true);
});

it("is not ended by another approval's change, and ends when its time is up", async () => {
  const waiters = new ApprovalWaiters();
  const readAt = Date.now();
  await waiters.changed("appr_2");
  const wait = waiters.wait("appr_1", 20_000, undefined, readAt);
  expect(await resolvedAfter(wait, 19_000)).toBe(false);
  expect(await resolvedAfter(wait, 1_000)).toBe(true);
});
