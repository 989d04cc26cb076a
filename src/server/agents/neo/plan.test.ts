import { describe, expect, it } from "vitest";
import { parsePlan } from "./plan.ts";

describe("parsePlan", () => {
  it("reads numbered and bulleted steps, ignoring prose around them", () => {
    expect(parsePlan("Here is the plan:\n1. List deals\n2) Find meetings\n\n3. Write notes\nDone.")).toEqual([
      "List deals",
      "Find meetings",
      "Write notes",
    ]);
    expect(parsePlan("- Read mail\n* Create issue")).toEqual(["Read mail", "Create issue"]);
  });

  it("takes lines as steps when the model used no list", () => {
    expect(parsePlan("Search the calendar\nAnswer")).toEqual(["Search the calendar", "Answer"]);
    expect(parsePlan("")).toEqual([]);
  });
});
