// Issue 40's acceptance over the independent set (bench/toolsearch-independent.json): in every query
// that names an integration (by product, alias or object) and that one of its tools serves, the first
// tool search_tools returns is that integration's. Over every integration tool Portico has, as the
// bench measures it, alone and inside a 5,000-tool project.
import { describe, expect, it } from "vitest";
import { everyTool } from "../../../bench/support/every-tool.ts";
import { generatedCatalogue } from "../../../bench/support/generated-catalogue.ts";
import { independentSet } from "../../../bench/support/independent-set.ts";
import { measure, summary } from "../../../bench/support/measure.ts";
import { searchTools } from "./tool-search.ts";

const { tools } = everyTool();
// Outlook is one product that Portico connects as two integrations (mail and calendar): a query that
// names "Outlook" names both, and either one's tool is the named product's.
const productOf = (serverName: string) => (serverName.startsWith("Outlook ") ? "Outlook" : serverName);
const serverOf = new Map(tools.map((tool) => [tool.name, productOf(tool.serverName)]));
const { served } = independentSet();
const named = served.filter(
  ({ need, expected }) =>
    need.namedBy !== null && expected.every((name) => serverOf.get(name) !== "standard"),
);

describe("tool search over the independent set", () => {
  it("has vendor-named queries in every form, Czech ones among them", () => {
    const forms = new Set(named.map(({ need }) => need.namedBy));
    expect(forms).toEqual(new Set(["product", "alias", "object"]));
    expect(named.filter(({ need }) => need.language === "cs").length).toBeGreaterThanOrEqual(25);
  });

  for (const [title, list] of [
    ["the integrations' tools", tools],
    ["a 5,000-tool project", [...tools, ...generatedCatalogue(5000 - tools.length)]],
  ] as const) {
    it(`ranks the named integration's tool first in every vendor-named query (${title})`, () => {
      const wrong = named.flatMap(({ query, expected }) => {
        const integrations = new Set(expected.map((name) => serverOf.get(name)));
        const top = searchTools(list, query, 1)[0];
        return top && integrations.has(productOf(top.serverName))
          ? []
          : [`"${query}": ${top?.name ?? "nothing"}`];
      });
      expect(wrong).toEqual([]);
    });
  }

  // Issue 40's figures, so that a ranking change that loses them fails here and not only in the bench.
  it("finds a fitting tool in the top 5 for at least 97 % of the needs and first for at least 75 %", () => {
    const all = summary(measure(searchTools, tools, served));
    expect(all.at5 / all.count).toBeGreaterThanOrEqual(0.97);
    expect(all.at1 / all.count).toBeGreaterThanOrEqual(0.75);
    const czech = summary(
      measure(
        searchTools,
        tools,
        served.filter(({ need }) => need.language === "cs"),
      ),
    );
    expect(czech.at5 / czech.count).toBeGreaterThanOrEqual(0.9);
  });
});
