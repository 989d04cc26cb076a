import { describe, expect, it } from "vitest";
import { sortItems, sortPreferenceInput } from "./sort-options.ts";

const items = [
  { name: "Project 10", createdAt: new Date("2026-01-03") },
  { name: "alpha", createdAt: "2026-01-01T00:00:00Z" },
  { name: "Project 2", createdAt: new Date("2026-01-02") },
];
const names = (list: typeof items) => list.map((item) => item.name);

describe("sortItems", () => {
  it("sorts by name naturally and case-insensitively", () => {
    expect(names(sortItems(items, "name-asc"))).toEqual(["alpha", "Project 2", "Project 10"]);
    expect(names(sortItems(items, "name-desc"))).toEqual(["Project 10", "Project 2", "alpha"]);
  });

  it("sorts by creation time, accepting dates and ISO strings", () => {
    expect(names(sortItems(items, "newest"))).toEqual(["Project 10", "Project 2", "alpha"]);
    expect(names(sortItems(items, "oldest"))).toEqual(["alpha", "Project 2", "Project 10"]);
  });

  it("does not modify the input", () => {
    const before = names(items);
    sortItems(items, "name-desc");
    expect(names(items)).toEqual(before);
  });
});

describe("sortPreferenceInput", () => {
  it("accepts known scopes and orders only", () => {
    expect(sortPreferenceInput.safeParse({ scope: "dashboard", sort: "newest" }).success).toBe(true);
    expect(sortPreferenceInput.safeParse({ scope: "billing", sort: "newest" }).success).toBe(false);
    expect(sortPreferenceInput.safeParse({ scope: "project", sort: "random" }).success).toBe(false);
  });
});
