import { describe, expect, it } from "vitest";
import { httpStatusOf, queryRetryDelay, shouldRetryQuery } from "./query-retry.ts";

const trpcError = (data: Record<string, unknown>) => Object.assign(new Error("refused"), { data });

describe("shouldRetryQuery", () => {
  it.each([400, 401, 403, 404, 409, 412, 429])("never retries a %i refusal", (httpStatus) => {
    expect(shouldRetryQuery(0, trpcError({ httpStatus, code: "X" }))).toBe(false);
  });

  it.each(["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "BAD_REQUEST", "TOO_MANY_REQUESTS"])(
    "never retries a %s code without a status",
    (code) => {
      expect(shouldRetryQuery(0, trpcError({ code }))).toBe(false);
    },
  );

  it("retries a 5xx once, then gives up", () => {
    const error = trpcError({ httpStatus: 500, code: "INTERNAL_SERVER_ERROR" });
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(false);
  });

  it("retries a network failure (no tRPC data) once", () => {
    const error = new TypeError("Failed to fetch");
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(false);
  });

  it("retries quickly", () => {
    expect(queryRetryDelay()).toBeLessThanOrEqual(500);
  });
});

describe("httpStatusOf", () => {
  it("reads data.httpStatus and ignores anything else", () => {
    expect(httpStatusOf(trpcError({ httpStatus: 404 }))).toBe(404);
    expect(httpStatusOf(trpcError({ httpStatus: "404" }))).toBeUndefined();
    expect(httpStatusOf(null)).toBeUndefined();
    expect(httpStatusOf("oops")).toBeUndefined();
  });
});
