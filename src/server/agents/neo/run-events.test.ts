// The run events a run page's stream waits on: events in order, a quiet wait that gives up, and the
// stop that ends every wait at once (its own file: ending watches is for the whole process).
import { expect, it } from "vitest";
import { endRunWatches, publishRun, runWatchesEnded, subscribeRun } from "./run-events.ts";

it("hands over the events of its run only, in order, and gives up after a quiet wait", async () => {
  const events = subscribeRun("run-a");
  publishRun("run-a", { kind: "plan", text: "1. Look" });
  publishRun("run-b", { kind: "changed" });
  publishRun("run-a", { kind: "changed" });
  expect(await events.next(1_000)).toEqual([{ kind: "plan", text: "1. Look" }, { kind: "changed" }]);
  const started = performance.now();
  expect(await events.next(50)).toEqual([]);
  expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  events.close();
  publishRun("run-a", { kind: "changed" });
  expect(await events.next(10)).toEqual([]);
});

it("ends every wait at once when the process begins to stop", async () => {
  const events = subscribeRun("run-c");
  const waiting = events.next(60_000);
  const started = performance.now();
  endRunWatches();
  expect(await waiting).toEqual([]);
  expect(performance.now() - started).toBeLessThan(1_000);
  expect(runWatchesEnded()).toBe(true);
  // Later waits do not wait at all.
  expect(await events.next(60_000)).toEqual([]);
  events.close();
});
