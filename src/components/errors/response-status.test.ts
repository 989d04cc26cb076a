import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors.ts";
import { httpStatusOfError } from "./response-status.ts";

describe("httpStatusOfError", () => {
  it("uses the error's HTTP status", () => {
    expect(
      httpStatusOfError(Object.assign(new Error("x"), { data: { code: "NOT_FOUND", httpStatus: 404 } })),
    ).toBe(404);
    expect(httpStatusOfError(new AppError("FORBIDDEN", "no"))).toBe(403);
  });

  it("falls back to 500", () => {
    expect(httpStatusOfError(new Error("boom"))).toBe(500);
    expect(httpStatusOfError({ status: 302 })).toBe(500);
  });
});
