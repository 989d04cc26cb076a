// A project's tool policies, compiled once per project into the gateway's tool cache
// (gateway/catalogue/project-tools.ts) and consulted by admission.ts for every call. Null when the project has no
// policy and "Protect writes" is off: then admission does not even look, so an allow costs nothing.
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { eq } from "drizzle-orm";
import { type CompiledCondition, compileCondition } from "../../lib/governance/rule-language.ts";
import type { Database } from "../db/client.ts";
import { type PolicyAction, type PolicyRule, toolPolicy } from "../db/schema/index.ts";
import type { Principal } from "../gateway/auth/principal.ts";

interface CompiledRule {
  condition: CompiledCondition;
  action: PolicyAction;
}

interface CompiledPolicy {
  action: PolicyAction;
  rules: CompiledRule[];
  /** "tool send_email" or "server gmail": how decisions name the policy. */
  label: string;
}

export interface ProjectGovernance {
  protectWrites: boolean;
  allowSelfApproval: boolean;
  byTool: ReadonlyMap<string, CompiledPolicy>;
  byServer: ReadonlyMap<string, CompiledPolicy>;
}

/** What decided a call, and how: the call log's and the audit log's words for it. */
export interface Verdict {
  action: PolicyAction;
  /** "approve · rule 1 of tool send_email", "confirm · Protect writes", "allow · default". */
  decidedBy: string;
}

/** The tool as governance sees it: its name, server and annotations. */
export interface GovernedTool {
  name: string;
  serverId: string | null;
  serverName: string;
  annotations: ToolAnnotations;
}

/** A tool that changes or destroys something: what "Protect writes" asks the person to confirm. */
export const writesDestructively = (annotations: ToolAnnotations) =>
  annotations.readOnlyHint !== true && annotations.destructiveHint === true;

function compilePolicy(label: string, action: PolicyAction, rules: PolicyRule[]): CompiledPolicy {
  const compiled: CompiledRule[] = [];
  for (const rule of rules) {
    const check = compileCondition(rule.when);
    // Saved rules were checked when saved; one the checker refuses now (a library upgrade) would rather
    // hold than be skipped, so it asks for the stricter of its action and the policy's.
    compiled.push({
      condition: check.ok ? check.condition : () => true,
      action: check.ok ? rule.action : stricter(rule.action, action),
    });
  }
  return { action, rules: compiled, label };
}

const STRICTNESS: Record<PolicyAction, number> = { allow: 0, confirm: 1, approve: 2, deny: 3 };
const stricter = (a: PolicyAction, b: PolicyAction) => (STRICTNESS[a] >= STRICTNESS[b] ? a : b);

/** Reads and compiles a project's policies; null when nothing would ever act. */
export async function loadProjectGovernance(
  db: Database,
  projectId: string,
  settings: { protectWrites: boolean; allowSelfApproval: boolean },
): Promise<ProjectGovernance | null> {
  const rows = await db.select().from(toolPolicy).where(eq(toolPolicy.projectId, projectId));
  if (rows.length === 0 && !settings.protectWrites) return null;
  const byTool = new Map<string, CompiledPolicy>();
  const byServer = new Map<string, CompiledPolicy>();
  for (const row of rows) {
    const label = `${row.targetKind} ${row.target}`;
    const policy = compilePolicy(label, row.action, row.rules);
    (row.targetKind === "tool" ? byTool : byServer).set(row.target, policy);
  }
  return { ...settings, byTool, byServer };
}

/**
 * Whether a call of the tool may be held or asked about (for some arguments or caller): tools/list then
 * says the tool may run as an MCP task (`execution.taskSupport`), so a 2025-11-25 client can wait on
 * the approval through one. `call_tool` runs any tool, so it may whenever governance acts at all.
 */
export function mayHold(
  governance: ProjectGovernance | null,
  tool: Omit<GovernedTool, "serverId"> & { serverId?: string | null },
): boolean {
  if (!governance) return false;
  if (tool.name === "call_tool" && tool.serverId === undefined) return true;
  const policy =
    governance.byTool.get(tool.name) ?? (tool.serverId ? governance.byServer.get(tool.serverId) : undefined);
  if (!policy) return governance.protectWrites && writesDestructively(tool.annotations);
  return policy.action !== "allow" || policy.rules.some((rule) => rule.action !== "allow");
}

/** Which action a call gets: the tool's policy, else its server's, else Protect writes' default. */
export function decide(
  governance: ProjectGovernance,
  tool: GovernedTool,
  args: Record<string, unknown>,
  principal: Principal,
): Verdict {
  const policy =
    governance.byTool.get(tool.name) ?? (tool.serverId ? governance.byServer.get(tool.serverId) : undefined);
  if (!policy) {
    return governance.protectWrites && writesDestructively(tool.annotations)
      ? { action: "confirm", decidedBy: "confirm · Protect writes" }
      : { action: "allow", decidedBy: "allow · default" };
  }
  if (policy.rules.length > 0) {
    const context = {
      args,
      caller: { person: principal.person ?? "", kind: principal.kind, name: principal.callerName },
      tool: { name: tool.name, server: tool.serverName },
    };
    for (let index = 0; index < policy.rules.length; index++) {
      const rule = policy.rules[index] as CompiledRule;
      if (rule.condition(context)) {
        return { action: rule.action, decidedBy: `${rule.action} · rule ${index + 1} of ${policy.label}` };
      }
    }
  }
  return { action: policy.action, decidedBy: `${policy.action} · ${policy.label}` };
}
