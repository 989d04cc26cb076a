// The words for each way a request to a provider can fail: what Node's fetch reports (an error whose
// cause carries the system code) mapped to a cause people recognise.
import { describe, expect, it } from "vitest";
import { httpFailureDetail, networkFailureDetail, providerMessageOf } from "./network-failure.ts";

const fetchFailure = (code: string) => Object.assign(new TypeError("fetch failed"), { cause: { code } });

describe("networkFailureDetail", () => {
  it("names DNS, refusal, reset and timeouts", () => {
    expect(networkFailureDetail(fetchFailure("ENOTFOUND"), "app.raynet.cz")).toBe(
      "the name app.raynet.cz could not be found (DNS)",
    );
    expect(networkFailureDetail(fetchFailure("ECONNREFUSED"), "h:1")).toBe(
      "h:1 refused the connection (nothing listens there)",
    );
    expect(networkFailureDetail(fetchFailure("ECONNRESET"), "h")).toBe(
      "h closed the connection before answering",
    );
    const timeout = Object.assign(new Error("The operation was aborted due to timeout"), {
      name: "TimeoutError",
    });
    expect(networkFailureDetail(timeout, "h")).toBe("h did not answer within 10 seconds (timeout)");
    expect(networkFailureDetail(fetchFailure("CERT_HAS_EXPIRED"), "h")).toBe(
      "h's TLS certificate was not accepted (CERT_HAS_EXPIRED)",
    );
    expect(networkFailureDetail(new Error("boom"), "h")).toBe("the connection to h failed");
  });
});

describe("providerMessageOf", () => {
  it("takes the provider's message from JSON, short text, not HTML", async () => {
    expect(
      await providerMessageOf(new Response(JSON.stringify({ errors: [{ message: "Bad token" }] }))),
    ).toBe("Bad token");
    expect(await providerMessageOf(new Response(JSON.stringify({ error_description: "expired" })))).toBe(
      "expired",
    );
    expect(await providerMessageOf(new Response("Service   down\n"))).toBe("Service down");
    expect(await providerMessageOf(new Response("<html><body>502</body></html>"))).toBeUndefined();
    expect(httpFailureDetail(502, undefined)).toBe("HTTP 502");
  });
});
