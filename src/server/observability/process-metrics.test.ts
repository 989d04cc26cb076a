// prom-client's process metrics run an event-loop monitor and a GC observer: with METRICS=off nobody
// reads them, so they must not start.
import { expect, it } from "vitest";
import { registry, setMetricsCounting } from "./metrics.ts";

it("starts the process metrics only when metrics are on, and once", () => {
  setMetricsCounting(false);
  expect(registry.getSingleMetric("portico_process_cpu_seconds_total")).toBeUndefined();
  expect(registry.getSingleMetric("portico_nodejs_eventloop_lag_seconds")).toBeUndefined();
  setMetricsCounting(true);
  setMetricsCounting(false);
  setMetricsCounting(true);
  expect(registry.getSingleMetric("portico_process_cpu_seconds_total")).toBeDefined();
  expect(registry.getSingleMetric("portico_nodejs_eventloop_lag_seconds")).toBeDefined();
});
