import { describe, expect, it } from "vitest";
import { TOOL_NAME_PATTERN } from "../gateway/catalogue/tool-types.ts";
import { agentToolName } from "./agent-tool-name.ts";

describe("agentToolName", () => {
  it("makes a gateway tool name from the agent's name, unique in the project", () => {
    expect(agentToolName("Neo", new Set())).toBe("agent_neo");
    expect(agentToolName("Neo", new Set(["agent_neo"]))).toBe("agent_neo_2");
    expect(agentToolName("Neo", new Set(["agent_neo", "agent_neo_2"]))).toBe("agent_neo_3");
    expect(agentToolName("Weekly status report", new Set())).toBe("agent_weekly_status_report");
    expect(agentToolName("Čeština & co.", new Set())).toBe("agent_cestina_co");
    expect(agentToolName("!!!", new Set())).toBe("agent_agent");
  });

  it("always fits the gateway's name pattern", () => {
    for (const name of ["x".repeat(200), "Über-Agent 🚀", "  spaced  out  "]) {
      expect(agentToolName(name, new Set())).toMatch(TOOL_NAME_PATTERN);
    }
  });
});
