// What the tool-pack tests check alike in a pack's listing: its tools by name without the pack's
// prefix, and that each tool gives an example and describes every parameter (a model reads only these).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";

/** The tools whose names start with `prefix`, and the same by their name without it. */
export async function packTools(client: Client, prefix: string) {
  const tools = (await client.listTools()).tools.filter((tool) => tool.name.startsWith(prefix));
  return { tools, byName: new Map(tools.map((tool) => [tool.name.slice(prefix.length), tool])) };
}

export function expectToolsDescribed(tools: readonly Tool[]) {
  for (const tool of tools) {
    expect(tool.description, tool.name).toMatch(/Example: \{/);
    for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {}))
      expect((property as { description?: string }).description, `${tool.name}.${name}`).toBeTruthy();
  }
}

/** A tool result's first text, or "" when it has none. */
export const textOf = (result: CallToolResult) => {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
};
