// Who may do what, as data. Every check on the server reads these tables; the UI reads them too to
// hide actions a role cannot take.
import type { OrganizationRole, ProjectRole } from "./validation.ts";

export const organizationPermissions = {
  "organization.view": ["owner", "admin", "member"],
  "organization.rename": ["owner", "admin"],
  "organization.delete": ["owner"],
  // The "Require two-factor authentication" policy (organizations/two-factor-policy.ts).
  "organization.requireTwoFactor": ["owner"],
  // Anyone may leave, except the last owner (organizations/members.ts checks that under a lock).
  "organization.leave": ["owner", "admin", "member"],
  "members.view": ["owner", "admin", "member"],
  "members.invite": ["owner", "admin"],
  "members.changeRole": ["owner", "admin"],
  "members.remove": ["owner", "admin"],
  "projects.create": ["owner", "admin"],
  "integrations.view": ["owner", "admin", "member"],
  "integrations.manage": ["owner", "admin"],
  "llmCredentials.view": ["owner", "admin", "member"],
  "llmCredentials.manage": ["owner", "admin"],

  "billing.manage": ["owner", "admin"],
  "auditLog.view": ["owner", "admin"],
  // Organization-level tokens for the management API (server/manage-tokens/).
  "managementTokens.manage": ["owner", "admin"],
  // Webhook endpoints (server/builder-webhooks/) receive every event of the organization.
  "webhooks.manage": ["owner", "admin"],
} as const satisfies Record<string, readonly OrganizationRole[]>;

export const projectPermissions = {
  "project.view": ["viewer", "editor", "admin"],
  "project.edit": ["editor", "admin"],
  "project.rename": ["admin"],
  "project.delete": ["admin"],
  "project.manageAccess": ["admin"],
  "apiKeys.view": ["viewer", "editor", "admin"],
  "calls.view": ["viewer", "editor", "admin"],
  "apiKeys.create": ["editor", "admin"],
  "apiKeys.revoke": ["editor", "admin"],
  // Users of the builder's own product (external-users/): seen by everyone, deleted and their return
  // URLs set by the people who manage keys.
  "externalUsers.view": ["viewer", "editor", "admin"],
  "externalUsers.manage": ["editor", "admin"],
  "tools.configure": ["editor", "admin"],
  "servers.manage": ["editor", "admin"],
  // The playground makes real calls with the organization's connection, which may write: the same
  // people who decide which tools agents get, not viewers.
  "tools.run": ["editor", "admin"],
  // Accepting a remote MCP server's changed or new tool definition (servers/tool-pins/) decides what
  // agents are told a tool does: admins, who are mailed each change.
  "tools.reviewDefinitions": ["admin"],
  "agents.view": ["viewer", "editor", "admin"],
  "agents.configure": ["editor", "admin"],
  // A run makes real tool calls with the organization's connections, like the playground.
  "agents.run": ["editor", "admin"],
  // Governance (server/governance/): who sets tool policies, who sees and decides held calls.
  "policies.manage": ["editor", "admin"],
  "approvals.view": ["viewer", "editor", "admin"],
  "approvals.decide": ["admin"],
} as const satisfies Record<string, readonly ProjectRole[]>;

export type OrganizationAction = keyof typeof organizationPermissions;
export type ProjectAction = keyof typeof projectPermissions;

export function organizationRoleAllows(role: OrganizationRole, action: OrganizationAction): boolean {
  return (organizationPermissions[action] as readonly OrganizationRole[]).includes(role);
}

export function projectRoleAllows(role: ProjectRole, action: ProjectAction): boolean {
  return (projectPermissions[action] as readonly ProjectRole[]).includes(role);
}

/** Every action of a permission table with whether `role` may take it, for the UI to show or hide. */
export function allowedActions<Action extends string, Role extends string>(
  table: Record<Action, readonly Role[]>,
  role: Role,
): Record<Action, boolean> {
  const actions = Object.keys(table) as Action[];
  return Object.fromEntries(actions.map((action) => [action, table[action].includes(role)])) as Record<
    Action,
    boolean
  >;
}

/** Organization owners and admins act as admins of every project in it. */
export function effectiveProjectRole(
  organizationRole: OrganizationRole | null,
  projectRole: ProjectRole | null,
): ProjectRole | null {
  if (organizationRole === "owner" || organizationRole === "admin") return "admin";
  if (organizationRole === null) return null;
  return projectRole;
}

/** Only an owner may grant or take away ownership, or act on another owner. */
export function canManageMemberRole(
  actor: OrganizationRole,
  target: OrganizationRole,
  next?: OrganizationRole,
) {
  if (!organizationRoleAllows(actor, "members.changeRole")) return false;
  if (actor === "owner") return true;
  return target !== "owner" && next !== "owner";
}
