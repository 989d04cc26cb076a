import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { schedulePruning } from "./prune-schedule.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it("prunes a minute after start, then daily, until stopped; a failure is reported, not thrown", async () => {
  const prune = vi.fn().mockResolvedValueOnce(3).mockRejectedValueOnce(new Error("database away"));
  const onError = vi.fn();
  const stop = schedulePruning(prune, onError);
  await vi.advanceTimersByTimeAsync(59_000);
  expect(prune).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(prune).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
  expect(prune).toHaveBeenCalledTimes(2);
  expect(onError).toHaveBeenCalledWith(new Error("database away"));
  stop();
  await vi.advanceTimersByTimeAsync(3 * 24 * 60 * 60 * 1000);
  expect(prune).toHaveBeenCalledTimes(2);
});
