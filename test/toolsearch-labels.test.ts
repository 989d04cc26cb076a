// The labeled tasks of bench:toolsearch name tools that exist: a renamed or dropped tool would otherwise
// stop the bench only when someone runs it.
import { expect, it } from "vitest";
import { everyTool } from "../bench/support/every-tool.ts";
import { labeledQueries } from "../bench/toolsearch-queries.ts";

it("every tool a labeled task expects is a tool Portico lists", () => {
  const names = new Set(everyTool().tools.map((tool) => tool.name));
  const unknown = labeledQueries.flatMap(({ query, expected }) =>
    expected.filter((name) => !names.has(name)).map((name) => `${query} → ${name}`),
  );
  expect(unknown).toEqual([]);
});
