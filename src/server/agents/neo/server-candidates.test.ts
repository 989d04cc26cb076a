import { describe, expect, it } from "vitest";
import type { GatewayTool } from "../../gateway/catalogue/tool-types.ts";
import { serverCandidates } from "./server-candidates.ts";

function tool(name: string, description: string, serverId: string | null, serverName: string): GatewayTool {
  return {
    name,
    title: name,
    description,
    inputSchema: { type: "object" },
    annotations: {},
    serverId,
    serverName,
    run: async () => ({ content: [] }),
  };
}

const calendar = [
  tool("calendar_list_calendars", "Lists the calendars of the account.", "s-cal", "google-calendar"),
  tool("calendar_find_free_busy", "Finds when attendees are free or busy.", "s-cal", "google-calendar"),
];
const crm = Array.from({ length: 12 }, (_, index) =>
  tool(`hubspot_tool_${index}`, `Does HubSpot thing number ${index}.`, "s-crm", "hubspot"),
);
crm.push(
  tool("hubspot_search_deals", "Searches deals in the pipeline by stage and amount.", "s-crm", "hubspot"),
);
const standard = [tool("calculate", "Evaluates arithmetic.", null, "standard")];

describe("Neo's server candidates", () => {
  it("puts the servers the search finds for the task first, with their matching tools first", () => {
    const [first, second, third] = serverCandidates(
      [...calendar, ...standard, ...crm],
      "review the deals pipeline",
    );
    expect(first?.id).toBe("s-crm");
    expect(first?.description.startsWith("hubspot_search_deals")).toBe(true);
    expect([second?.id, third?.id]).toEqual(["s-cal", "standard"]);
    expect(third?.name).toBe("Standard tools");
  });

  it("lists at most eight tools of a server", () => {
    const [candidate] = serverCandidates(crm, "anything");
    expect(candidate?.description.split("; ")).toHaveLength(8);
  });
});
