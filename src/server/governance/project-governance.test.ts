import { describe, expect, it } from "vitest";
import type { Principal } from "../gateway/auth/principal.ts";
import { decide, type ProjectGovernance } from "./project-governance.ts";

const principal: Principal = {
  projectId: "p",
  organizationId: "o",
  kind: "api_key",
  apiKeyId: "k",
  oauthClientId: null,
  oauthClientName: null,
  callerName: "Agent",
  userId: "u",
  person: null,
};
const send = {
  name: "send_email",
  serverId: "s1",
  serverName: "gmail",
  annotations: { destructiveHint: true },
};
const read = { name: "list_mail", serverId: "s1", serverName: "gmail", annotations: { readOnlyHint: true } };
const outside = {
  action: "allow" as const,
  label: "tool send_email",
  rules: [
    {
      action: "approve" as const,
      condition: (c: { args: Record<string, unknown> }) => !String(c.args.to).endsWith("@acme.com"),
    },
  ],
};

function governance(overrides: Partial<ProjectGovernance> = {}): ProjectGovernance {
  return {
    protectWrites: false,
    allowSelfApproval: false,
    byTool: new Map(),
    byServer: new Map(),
    ...overrides,
  };
}

describe("which action a call gets", () => {
  it("Protect writes confirms destructive tools and allows reads", () => {
    const g = governance({ protectWrites: true });
    expect(decide(g, send, {}, principal)).toEqual({
      action: "confirm",
      decidedBy: "confirm · Protect writes",
    });
    expect(decide(g, read, {}, principal)).toEqual({ action: "allow", decidedBy: "allow · default" });
  });

  it("a tool's rules decide in order, then its own action; a server's policy covers the rest", () => {
    const g = governance({
      byTool: new Map([["send_email", outside]]),
      byServer: new Map([["s1", { action: "deny", label: "server gmail", rules: [] }]]),
    });
    expect(decide(g, send, { to: "x@globex.cz" }, principal)).toEqual({
      action: "approve",
      decidedBy: "approve · rule 1 of tool send_email",
    });
    expect(decide(g, send, { to: "x@acme.com" }, principal)).toEqual({
      action: "allow",
      decidedBy: "allow · tool send_email",
    });
    expect(decide(g, read, {}, principal)).toEqual({ action: "deny", decidedBy: "deny · server gmail" });
  });
});
