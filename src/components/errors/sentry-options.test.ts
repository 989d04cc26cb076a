import { describe, expect, it } from "vitest";
import { sentrySampleRates } from "./sentry-options.ts";

describe("sentrySampleRates", () => {
  it("samples 1 % of traces, 10 % of sessions and every errored session", () => {
    expect(sentrySampleRates("production")).toEqual({
      tracesSampleRate: 0.01,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
    expect(sentrySampleRates("development").tracesSampleRate).toBe(0.01);
  });

  it("samples half of the traces in the test environment", () => {
    expect(sentrySampleRates("test").tracesSampleRate).toBe(0.5);
  });
});
