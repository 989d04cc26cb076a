// An idle server collects its heap once, after a quiet check interval with no request open, and again
// only once the heap has grown since (scripts/idle-memory-release.ts, issue 46).
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import {
  CHECK_INTERVAL_MS,
  GROWTH_BYTES,
  releaseMemoryWhenIdle,
  v8Collector,
} from "../scripts/idle-memory-release.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const MB = 1024 * 1024;

function server() {
  let open = 0;
  let heap = 250 * MB;
  let collections = 0;
  const release = releaseMemoryWhenIdle(() => open, {
    collect: () => {
      collections++;
      heap = 120 * MB;
    },
    heapBytes: () => heap,
  });
  return {
    release,
    collections: () => collections,
    setOpen: (count: number) => (open = count),
    grow: (bytes: number) => (heap += bytes),
    pass: (intervals: number) => vi.advanceTimersByTimeAsync(intervals * CHECK_INTERVAL_MS),
  };
}

it("collects after the first quiet interval following the start, and not again while idle", async () => {
  const s = server();
  // The start counts as busy: the first check only notes that.
  await s.pass(1);
  expect(s.collections()).toBe(0);
  await s.pass(1);
  expect(s.collections()).toBe(1);
  await s.pass(10);
  expect(s.collections()).toBe(1);
  s.release.stop();
});

it("never collects while requests arrive or one is still open", async () => {
  const s = server();
  for (let i = 0; i < 5; i++) {
    s.release.requestArrived();
    await s.pass(1);
  }
  expect(s.collections()).toBe(0);
  // No new request, but a long one (a stream) is still under way.
  s.setOpen(1);
  await s.pass(3);
  expect(s.collections()).toBe(0);
  s.setOpen(0);
  await s.pass(1);
  expect(s.collections()).toBe(1);
  s.release.stop();
});

it("collects again after a busy period only once the heap has grown enough to be worth it", async () => {
  const s = server();
  await s.pass(2);
  expect(s.collections()).toBe(1);
  // A request now and then that grows the heap a little: no collection after it.
  s.release.requestArrived();
  s.grow(GROWTH_BYTES / 2);
  await s.pass(3);
  expect(s.collections()).toBe(1);
  // Load that grew the young generation again: collected once the server is quiet.
  s.release.requestArrived();
  s.grow(GROWTH_BYTES);
  await s.pass(1);
  expect(s.collections()).toBe(1);
  await s.pass(1);
  expect(s.collections()).toBe(2);
  s.release.stop();
});

it("collects with V8's own full collection, without exposing gc to the application", () => {
  const exposedBefore = "gc" in globalThis;
  const collector = v8Collector();
  // Garbage the collection must free: 64 MB of arrays nothing refers to any more.
  let garbage: number[][] | null = Array.from({ length: 64 }, () => new Array(128 * 1024).fill(1));
  const withGarbage = process.memoryUsage().heapUsed;
  garbage = null;
  collector.collect();
  expect(garbage).toBeNull();
  expect(process.memoryUsage().heapUsed).toBeLessThan(withGarbage - 32 * MB);
  expect("gc" in globalThis).toBe(exposedBefore);
  expect(collector.heapBytes()).toBeGreaterThan(0);
});
