import { describe, expect, it } from "vitest";
import { callLogFilters } from "./call-log-filters.ts";
import { parseCallLogSearch } from "./call-log-search.ts";

describe("parseCallLogSearch", () => {
  it("keeps valid filters, which the server's schema accepts too", () => {
    const search = {
      tool: " search ",
      server: "standard",
      status: "error",
      caller: "key:abc",
      from: "2026-11-11T00:00:00.000Z",
      to: "2026-11-12T10:00:00+01:00",
    };
    const parsed = parseCallLogSearch(search);
    expect(parsed).toEqual({ ...search, tool: "search" });
    expect(callLogFilters.parse(parsed)).toEqual(parsed);
  });

  it("drops malformed values instead of failing the page", () => {
    expect(
      parseCallLogSearch({ status: "broken", caller: "everyone", from: "yesterday", to: 5, tool: "" }),
    ).toEqual({});
  });
});
