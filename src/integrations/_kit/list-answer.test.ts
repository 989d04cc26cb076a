import { describe, expect, it } from "vitest";
import { ToolFailure } from "./code-tools.ts";
import { readList } from "./list-answer.ts";

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolFailure)
      return error.result.content[0]?.type === "text" ? error.result.content[0].text : "";
    throw error;
  }
  throw new Error("no failure");
};

describe("readList", () => {
  it("takes the records from the documented key, with the envelope for paging", () => {
    expect(readList({ results: [1, 2], total_pages: 3 }, { items: "results" }, "Caflou")).toEqual({
      items: [1, 2],
      envelope: { results: [1, 2], total_pages: 3 },
    });
    expect(readList([1], { items: "" }, "X")).toEqual({ items: [1], envelope: {} });
    expect(readList([1], { items: "results", orBareArray: true }, "Caflou").items).toEqual([1]);
  });

  it("reads null as no records only where the provider documents it", () => {
    expect(readList({ data: null }, { items: "data", nullIsEmpty: true }, "Pipedrive").items).toEqual([]);
    expect(failure(() => readList({ data: null }, { items: "data" }, "Raynet"))).toBe(
      'Raynet answered the list in an unexpected shape: expected an object with the records in "data", got "data" as null.',
    );
  });

  it("names what came instead of a list, never an empty success", () => {
    expect(failure(() => readList([1], { items: "results" }, "HubSpot"))).toBe(
      'HubSpot answered the list in an unexpected shape: expected an object with the records in "results", got an array.',
    );
    expect(
      failure(() => readList({ data: [], meta: {} }, { items: "results", orBareArray: true }, "Caflou")),
    ).toBe(
      'Caflou answered the list in an unexpected shape: expected an object with the records in "results" (or an array of records), got an object with "data", "meta".',
    );
    expect(failure(() => readList({ results: "none" }, { items: "results" }, "X"))).toBe(
      'X answered the list in an unexpected shape: expected an object with the records in "results", got "results" as a string.',
    );
    expect(failure(() => readList("oops", { items: "" }, "X"))).toBe(
      "X answered the list in an unexpected shape: expected an array of records, got a string.",
    );
  });
});
