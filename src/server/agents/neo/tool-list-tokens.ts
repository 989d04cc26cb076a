// Token economy (issue 39): what the tool definitions a model call carries cost in prompt tokens, so a
// run can show its own prompt tokens beside what offering every tool the agent may use would have cost.
// Counted with gpt-tokenizer's o200k_base (the GPT-4o / GPT-4.1 tokenizer) over each tool as Chat
// Completions sends it ({ type: "function", function: { name, description, parameters } }): exact for
// those models, an estimate for others. Each tool is counted once while the gateway keeps its object.
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import type { GatewayTool } from "../../gateway/tool-types.ts";

const counted = new WeakMap<GatewayTool, number>();

export function toolDefinitionTokens(tool: GatewayTool): number {
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

export const toolListTokens = (tools: GatewayTool[]): number =>
  tools.reduce((sum, tool) => sum + toolDefinitionTokens(tool), 0);
