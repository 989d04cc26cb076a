import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors.ts";
import {
  CONNECTION_MESSAGE,
  DEFAULT_ERROR_MESSAGE,
  errorCopy,
  errorMessage,
  NOT_AUTHORIZED_MESSAGE,
  NOT_FOUND_MESSAGE,
} from "./error-copy.ts";

const trpcError = (code: string, httpStatus: number, message = "Server says no", zodError: unknown = null) =>
  Object.assign(new Error(message), { data: { code, httpStatus, zodError } });

describe("errorCopy", () => {
  it("maps the spec's codes to titles and messages", () => {
    expect(errorCopy(trpcError("UNAUTHORIZED", 401))).toEqual({
      title: "401",
      message: NOT_AUTHORIZED_MESSAGE,
    });
    expect(errorCopy(trpcError("FORBIDDEN", 403))).toEqual({ title: "403", message: NOT_AUTHORIZED_MESSAGE });
    // A 404 keeps the fixed message; the server's own words go under it.
    expect(errorCopy(trpcError("NOT_FOUND", 404))).toEqual({
      title: "404",
      message: NOT_FOUND_MESSAGE,
      detail: "Server says no",
    });
  });

  it("shows a bad request's own message, defaulting to the not-found text", () => {
    expect(errorCopy(trpcError("BAD_REQUEST", 400, "Project name is required"))).toEqual({
      title: "400",
      message: "Project name is required",
    });
    expect(errorCopy(trpcError("BAD_REQUEST", 400, '[{"code":"too_small"}]', { fieldErrors: {} }))).toEqual({
      title: "400",
      message: NOT_FOUND_MESSAGE,
    });
  });

  it("reads AppError codes", () => {
    expect(errorCopy(new AppError("NOT_FOUND", "Invalid server ID: nope"))).toEqual({
      title: "404",
      message: NOT_FOUND_MESSAGE,
      detail: "Invalid server ID: nope",
    });
    expect(errorCopy(new AppError("NOT_FOUND", NOT_FOUND_MESSAGE)).detail).toBeUndefined();
    expect(errorCopy(new AppError("PAYMENT_REQUIRED", "Upgrade to add projects"))).toEqual({
      title: "402",
      message: "Upgrade to add projects",
    });
  });

  it("falls back to the HTTP status when there is no known code", () => {
    expect(errorCopy({ status: 403 })).toEqual({ title: "403", message: NOT_AUTHORIZED_MESSAGE });
  });

  it("titles other server errors 400 and client errors 'Error'", () => {
    expect(errorCopy(trpcError("INTERNAL_SERVER_ERROR", 500))).toEqual({
      title: "400",
      message: DEFAULT_ERROR_MESSAGE,
    });
    expect(errorCopy(new Error("boom"))).toEqual({ title: "Error", message: DEFAULT_ERROR_MESSAGE });
    expect(errorCopy("weird")).toEqual({ title: "Error", message: DEFAULT_ERROR_MESSAGE });
  });
});

describe("errorMessage", () => {
  it("passes on messages meant for people and hides server failures", () => {
    expect(errorMessage(trpcError("FORBIDDEN", 403, "Only owners can do this"))).toBe(
      "Only owners can do this",
    );
    expect(errorMessage(trpcError("INTERNAL_SERVER_ERROR", 500, "db down"))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(errorMessage(new Error("Network error"))).toBe("Network error");
    expect(errorMessage(null)).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it("says the server could not be reached when no response came, not fetch's own words", () => {
    for (const words of [
      "Failed to fetch",
      "NetworkError when attempting to fetch resource.",
      "Load failed",
    ]) {
      expect(errorMessage(new TypeError(words))).toBe(CONNECTION_MESSAGE);
    }
    // A response that carried those words is the server's message, kept as it is.
    expect(errorMessage(trpcError("BAD_REQUEST", 400, "Failed to fetch"))).toBe("Failed to fetch");
  });
});
