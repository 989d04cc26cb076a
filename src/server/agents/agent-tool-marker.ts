// Agents are tools of their project, and an agent must not be handed other agents (or itself) as tools:
// the agent tool source marks the tools it makes, and Neo leaves marked tools out.
import type { GatewayTool } from "../gateway/catalogue/tool-types.ts";

const agentTools = new WeakSet<GatewayTool>();

export function markAgentTool<T extends GatewayTool>(tool: T): T {
  agentTools.add(tool);
  return tool;
}

export const isAgentTool = (tool: GatewayTool) => agentTools.has(tool);
