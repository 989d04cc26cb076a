// An idle server's full collection also gives the C heap's free pages back (scripts/malloc-trim.ts,
// issue 46: idle RSS).
import { afterEach, expect, it, vi } from "vitest";
import { TRIM_DELAY_MS, v8Collector } from "../scripts/idle-memory-release.ts";
import { mallocTrim } from "../scripts/malloc-trim.ts";

const MB = 1024 * 1024;
const rss = () => process.memoryUsage().rss;

afterEach(() => vi.useRealTimers());

it.runIf(process.platform === "linux")("gives freed C heap memory back to the system", async () => {
  const trim = mallocTrim();
  expect(trim).toBeTypeOf("function");
  // Buffers of 60 KB come from malloc. Freeing nine in ten leaves holes in the middle of the heap,
  // which free() alone keeps resident.
  const kept: Buffer[] = [];
  let freed: Buffer[] | null = [];
  for (let i = 0; i < 3000; i++) {
    const buffer = Buffer.allocUnsafeSlow(60 * 1024).fill(1);
    (i % 10 === 0 ? kept : freed).push(buffer);
  }
  freed = null;
  v8Collector(() => {}).collect();
  // The dead buffers' memory is freed by a task after the collection.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const beforeTrim = rss();
  trim?.();
  // ~158 MB were freed.
  expect(rss()).toBeLessThan(beforeTrim - 100 * MB);
  expect(kept).toHaveLength(300);
});

it("trims a moment after each collection, once the freed buffers are free", () => {
  vi.useFakeTimers();
  const trim = vi.fn();
  const collector = v8Collector(trim);
  collector.collect();
  expect(trim).not.toHaveBeenCalled();
  vi.advanceTimersByTime(TRIM_DELAY_MS);
  expect(trim).toHaveBeenCalledTimes(1);
});
