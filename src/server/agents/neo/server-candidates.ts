// What Neo's server selector reads: each server the agent may use (and the standard tools) with its
// tools, ranked by the shared tool search (the one behind search_tools) against the request and its
// intent. Servers whose tools match come first and show their matching tools first, so the selector
// reads what matters; a server with many tools lists only its best few.
import type { GatewayTool } from "../../gateway/catalogue/tool-types.ts";
import { MAX_SEARCH_LIMIT, searchTools } from "../../tool-search/tool-search.ts";
import type { ServerCandidate } from "./select-servers.ts";

export const STANDARD_TOOLS_ID = "standard";
const TOOLS_LISTED_PER_SERVER = 8;

export const groupOf = (tool: GatewayTool) => tool.serverId ?? STANDARD_TOOLS_ID;

export function serverCandidates(tools: GatewayTool[], task: string): ServerCandidate[] {
  const rank = new Map(searchTools(tools, task, MAX_SEARCH_LIMIT).map((tool, index) => [tool, index]));
  // A stable sort: tools the search did not rank keep their order after the ranked ones.
  const ordered = [...tools].sort(
    (a, b) => (rank.get(a) ?? Number.POSITIVE_INFINITY) - (rank.get(b) ?? Number.POSITIVE_INFINITY),
  );
  const groups = new Map<string, ServerCandidate & { listed: number }>();
  for (const each of ordered) {
    const id = groupOf(each);
    const group =
      groups.get(id) ??
      groups
        .set(id, {
          id,
          name: each.serverId ? each.serverName : "Standard tools",
          description: "",
          listed: 0,
        })
        .get(id);
    if (!group || group.listed >= TOOLS_LISTED_PER_SERVER) continue;
    const line = `${each.name} (${each.description.split("\n")[0]?.slice(0, 120) ?? ""})`;
    group.description += group.listed === 0 ? line : `; ${line}`;
    group.listed++;
  }
  return [...groups.values()].map(({ id, name, description }) => ({ id, name, description }));
}
