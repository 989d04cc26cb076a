import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { CONNECTION_MESSAGE } from "./error-copy.ts";
import { isRetryableQueryError, queryErrorReason, SERVER_TROUBLE_MESSAGE } from "./query-error-copy.ts";

const fromServer = (code: string, httpStatus: number, message: string) =>
  Object.assign(new TRPCClientError(message), { data: { code, httpStatus } });

describe("what a failed query says", () => {
  it("never shows tRPC's own text for an answer that was not its JSON", () => {
    const unreadable = new TRPCClientError("Unable to transform response from server");
    expect(queryErrorReason(unreadable)).toBe(SERVER_TROUBLE_MESSAGE);
    expect(isRetryableQueryError(unreadable)).toBe(true);
  });

  it("says the connection failed when no answer came", () => {
    const offline = new TRPCClientError("Failed to fetch");
    expect(queryErrorReason(offline)).toBe(CONNECTION_MESSAGE);
    expect(isRetryableQueryError(offline)).toBe(true);
  });

  it("hides a server failure's text and offers a retry", () => {
    const failed = fromServer("INTERNAL_SERVER_ERROR", 500, "relation call_log does not exist");
    expect(queryErrorReason(failed)).toBe(SERVER_TROUBLE_MESSAGE);
    expect(isRetryableQueryError(failed)).toBe(true);
  });

  it("keeps a refusal's own sentence, and leaves refusals to the error page", () => {
    const refused = fromServer("FORBIDDEN", 403, "Only owners and admins can see the audit log.");
    expect(queryErrorReason(refused)).toBe("Only owners and admins can see the audit log.");
    expect(isRetryableQueryError(refused)).toBe(false);
    expect(isRetryableQueryError(fromServer("NOT_FOUND", 404, "Project not found"))).toBe(false);
  });

  it("does not treat a component's own crash as a query error", () => {
    expect(isRetryableQueryError(new TypeError("x is undefined"))).toBe(false);
  });
});
