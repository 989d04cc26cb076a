// npm run bench:toolsearch — how well search_tools finds the right tool, and what progressive tool
// discovery saves a client in prompt tokens, over every integration tool Portico has.
//
// The tool list: the standard tools plus every OpenAPI integration's tools (generated from its document
// and written as code), read through the function its engine lists them with and named as a project's
// /mcp names them, so the bench sees what a client sees. Brevo and Exa are remote MCP servers whose tools are listed by the
// provider at run time; Portico keeps no list of them, so they are not in it.
//
// Recall@k, for the labeled tasks (toolsearch-queries.ts) and apart from them the held-out ones
// (toolsearch-heldout.ts, never tuned on): the share of tasks for which one of the fitting tools
// is among the first k that search_tools returns.
//
// Prompt tokens per task (o200k_base, the tokenizer of OpenAI's current models), counted over the tool
// definitions a model is given as JSON, as tools/list sends them:
//   all tools listed:  every tool's definition;
//   with search:       search_tools and call_tool's definitions plus search_tools' answer for the
//                      task (its top 5 tools with their descriptions and input schemas).
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { toListedTool } from "../src/server/gateway/catalogue/project-tools.ts";
import { standardTools } from "../src/server/gateway/catalogue/standard-tools/index.ts";
import {
  callToolDefinition,
  foundTools,
  searchToolsTool,
} from "../src/server/gateway/catalogue/tool-discovery.ts";
import { searchTools } from "../src/server/tool-search/tool-search.ts";
import { everyTool } from "./support/every-tool.ts";
import { generatedCatalogue } from "./support/generated-catalogue.ts";
import { independentSet, kindsOf } from "./support/independent-set.ts";
import { figures, groupedBy, measure, summary } from "./support/measure.ts";
import { heldOutQueries } from "./toolsearch-heldout.ts";
import { type LabeledQuery, labeledQueries } from "./toolsearch-queries.ts";

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
const tokensOf = (value: unknown) => countTokens(JSON.stringify(value));

const { tools, perIntegration, left } = everyTool();
const names = new Set(tools.map((tool) => tool.name));
for (const { query, expected } of [...labeledQueries, ...heldOutQueries]) {
  for (const name of expected) if (!names.has(name)) throw new Error(`"${query}": no tool ${name}`);
}

// The first search builds the index; it is not a query's time.
searchTools(tools, "index");
const labeled = recall(labeledQueries);
const heldOut = recall(heldOutQueries);
const independent = independentSet();
const served = independent.served;
for (const { query, expected } of served) {
  for (const name of expected) if (!names.has(name)) throw new Error(`"${query}": no tool ${name}`);
}

/** Recall@1 and @5 of one labeled set and the tasks it missed, for the summary below. */
function recall(queries: readonly LabeledQuery[]) {
  const outcomes = measure(searchTools, tools, queries);
  const s = summary(outcomes);
  const misses = outcomes
    .filter((outcome) => outcome.rank === 0)
    .map(
      ({ query, found }) =>
        `  "${query.query}": expected ${query.expected.join(" or ")}, got ${found.join(", ") || "nothing"}`,
    );
  return { hitsAt1: s.at1, hitsAt5: s.at5, misses, searchMs: s.p50 };
}

const allListed = tokensOf(tools.map(toListedTool));
const discoveryListed = tokensOf([toListedTool(searchToolsTool([])), toListedTool(callToolDefinition)]);
const answers = labeledQueries.map(({ query }) => countTokens(JSON.stringify(foundTools(tools, query, 5))));
const averageAnswer = answers.reduce((sum, tokens) => sum + tokens, 0) / answers.length;
const withSearch = discoveryListed + averageAnswer;

console.log(`Tools: ${tools.length} (${standardTools.length} standard, the rest from integrations)`);
console.log(`Per integration: ${perIntegration.join(", ")}`);
console.log(`Left out (remote MCP, no static tool list): ${left.join(", ") || "none"}`);
const sets = [
  { title: "Labeled tasks (toolsearch-queries.ts)", queries: labeledQueries, result: labeled },
  { title: "Held-out tasks (toolsearch-heldout.ts)", queries: heldOutQueries, result: heldOut },
];
for (const { title, queries, result } of sets) {
  const count = queries.length;
  console.log(`${title}: ${count}`);
  console.log(`  recall@1: ${percent(result.hitsAt1, count)} (${result.hitsAt1}/${count})`);
  console.log(`  recall@5: ${percent(result.hitsAt5, count)} (${result.hitsAt5}/${count})`);
  console.log(`  search time: ${result.searchMs.toFixed(2)} ms per query (median)`);
}
console.log("Prompt tokens per task (o200k_base):");
console.log(`  all tools listed: ${allListed}`);
console.log(
  `  with search:      ${Math.round(withSearch)} (search_tools + call_tool ${discoveryListed}, ` +
    `top-5 answer ${Math.round(averageAnswer)} on average, ${Math.max(...answers)} at most)`,
);
console.log(`  ${(allListed / withSearch).toFixed(1)}× fewer with search`);
for (const { title, result } of sets) {
  if (result.misses.length > 0) console.log(`${title}, not in the top 5:\n${result.misses.join("\n")}`);
}

// The independent set (issue 40), over the same tools and over a 5,000-tool project: these tools plus a
// generated catalogue of tools that resemble real APIs (support/generated-catalogue.ts).
const PROJECT_SIZE = 5000;
const large = [...tools, ...generatedCatalogue(PROJECT_SIZE - tools.length)];
searchTools(large, "index");
const sets5k = [
  ["Labeled", labeledQueries],
  ["Held-out", heldOutQueries],
  ["Independent", served],
] as const;
console.log(
  `\nIndependent set (toolsearch-independent.json): ${served.length + independent.unserved.length} needs, ${served.length} served by some tool, ${independent.unserved.length} by none`,
);
console.log("All sets, recall@1 / @5 / MRR / search latency:");
for (const [title, queries] of sets5k)
  console.log(figures(`  ${title}, ${tools.length} tools`, measure(searchTools, tools, queries)));
for (const [title, queries] of sets5k)
  console.log(figures(`  ${title}, ${large.length} tools`, measure(searchTools, large, queries)));
const outcomes = measure(searchTools, tools, served);
console.log(`Independent set per integration (${tools.length} tools):`);
for (const [key, group] of groupedBy(outcomes, (query) => [query.need.integration]))
  console.log(figures(`  ${key}`, group));
console.log(`Independent set per kind of query (${tools.length} tools):`);
for (const [key, group] of groupedBy(outcomes, (query) => kindsOf(query.need)))
  console.log(figures(`  ${key}`, group));
const largeOutcomes = measure(searchTools, large, served);
console.log(`Independent set per kind of query (${large.length} tools):`);
for (const [key, group] of groupedBy(largeOutcomes, (query) => kindsOf(query.need)))
  console.log(figures(`  ${key}`, group));
const verbose = process.argv.includes("--misses");
if (verbose) {
  console.log("Independent set, first hit wrong:");
  for (const { query, rank, found } of outcomes) {
    if (rank !== 1)
      console.log(
        `  [${rank || "-"}] ${query.need.id} "${query.query}": expected ${query.expected.join("|")}, got ${found.slice(0, 3).join(", ")}`,
      );
  }
}
