// npm run bench:toolsearch — how well search_tools finds the right tool, and what progressive tool
// discovery saves a client in prompt tokens, over every integration tool Portico has.
//
// The tool list: the standard tools plus every OpenAPI integration's tools (generated from its document
// and written as code), read through the function its engine lists them with and named as a project's
// /mcp names them, so the bench sees what a client sees. Brevo and Exa are remote MCP servers whose tools are listed by the
// provider at run time; Portico keeps no list of them, so they are not in it.
//
// Recall@k: the share of the labeled tasks (toolsearch-queries.ts) for which one of the fitting tools
// is among the first k that search_tools returns.
//
// Prompt tokens per task (o200k_base, the tokenizer of OpenAI's current models), counted over the tool
// definitions a model is given as JSON, as tools/list sends them:
//   all tools listed:  every tool's definition;
//   with search:       search_tools and call_tool's definitions plus search_tools' answer for the
//                      task (its top 5 tools with their descriptions and input schemas).
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { toListedTool } from "../src/server/gateway/project-tools.ts";
import { standardTools } from "../src/server/gateway/standard-tools/index.ts";
import { callToolDefinition, foundTools, searchToolsTool } from "../src/server/gateway/tool-discovery.ts";
import { searchTools } from "../src/server/tool-search/tool-search.ts";
import { everyTool } from "./support/every-tool.ts";
import { labeledQueries } from "./toolsearch-queries.ts";

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
const tokensOf = (value: unknown) => countTokens(JSON.stringify(value));

const { tools, perIntegration, left } = everyTool();
const names = new Set(tools.map((tool) => tool.name));
for (const { query, expected } of labeledQueries) {
  for (const name of expected) if (!names.has(name)) throw new Error(`"${query}": no tool ${name}`);
}

const started = performance.now();
let hitsAt1 = 0;
let hitsAt5 = 0;
const misses: string[] = [];
for (const { query, expected } of labeledQueries) {
  const found = searchTools(tools, query, 5).map((tool) => tool.name);
  if (expected.includes(found[0] ?? "")) hitsAt1++;
  if (found.some((name) => expected.includes(name))) hitsAt5++;
  else misses.push(`  "${query}": expected ${expected.join(" or ")}, got ${found.join(", ") || "nothing"}`);
}
const searchMs = (performance.now() - started) / labeledQueries.length;

const allListed = tokensOf(tools.map(toListedTool));
const discoveryListed = tokensOf([toListedTool(searchToolsTool([])), toListedTool(callToolDefinition)]);
const answers = labeledQueries.map(({ query }) => countTokens(JSON.stringify(foundTools(tools, query, 5))));
const averageAnswer = answers.reduce((sum, tokens) => sum + tokens, 0) / answers.length;
const withSearch = discoveryListed + averageAnswer;

const count = labeledQueries.length;
console.log(`Tools: ${tools.length} (${standardTools.length} standard, the rest from integrations)`);
console.log(`Per integration: ${perIntegration.join(", ")}`);
console.log(`Left out (remote MCP, no static tool list): ${left.join(", ") || "none"}`);
console.log(`Labeled tasks: ${count}`);
console.log(`recall@1: ${percent(hitsAt1, count)} (${hitsAt1}/${count})`);
console.log(`recall@5: ${percent(hitsAt5, count)} (${hitsAt5}/${count})`);
console.log(`search time: ${searchMs.toFixed(2)} ms per query (index built on the first)`);
console.log("Prompt tokens per task (o200k_base):");
console.log(`  all tools listed: ${allListed}`);
console.log(
  `  with search:      ${Math.round(withSearch)} (search_tools + call_tool ${discoveryListed}, ` +
    `top-5 answer ${Math.round(averageAnswer)} on average, ${Math.max(...answers)} at most)`,
);
console.log(`  ${(allListed / withSearch).toFixed(1)}× fewer with search`);
if (misses.length > 0) console.log(`Not in the top 5:\n${misses.join("\n")}`);
