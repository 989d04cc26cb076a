// Token economy (issue 39): what the tool definitions a model call carries cost in prompt tokens, so a
// run can show its own prompt tokens beside what offering every tool the agent may use would have cost.
// Counted with gpt-tokenizer's o200k_base (the GPT-4o / GPT-4.1 tokenizer) over each tool as Chat
// Completions sends it ({ type: "function", function: { name, description, parameters } }): exact for
// those models, an estimate for others. Each tool is counted once while the gateway keeps its object.
//
// The tokenizer is loaded on the first count, not with the server: its 200,000-token table is ~20 MB
// of JS heap (a Map, its source text and the token strings), which every idle server held for
// agent runs that most never make (issue 46).
import type { GatewayTool } from "../../gateway/catalogue/tool-types.ts";

type CountTokens = (text: string) => number;
let tokenizer: Promise<CountTokens> | null = null;
const loadTokenizer = () =>
  (tokenizer ??= import("gpt-tokenizer/encoding/o200k_base").then((module) => module.countTokens));

const counted = new WeakMap<GatewayTool, number>();

function toolDefinitionTokens(countTokens: CountTokens, tool: GatewayTool): number {
  const known = counted.get(tool);
  if (known !== undefined) return known;
  const tokens = countTokens(
    JSON.stringify({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }),
  );
  counted.set(tool, tokens);
  return tokens;
}

export async function toolListTokens(tools: GatewayTool[]): Promise<number> {
  const countTokens = await loadTokenizer();
  return tools.reduce((sum, tool) => sum + toolDefinitionTokens(countTokens, tool), 0);
}
