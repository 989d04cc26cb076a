// Management token scopes (server/manage-tokens/): "read" and "write" for every resource family, or
// "<family>:read" / "<family>:write" for one. Write implies read. Plain data, safe for browsers: the
// token dialog offers these, the server validates with them, the management API checks them per route.

export const managementFamilies = [
  "organization",
  "projects",
  "members",
  "keys",
  "servers",
  "connections",
  "policies",
  "agents",
  "calls",
  "usage",
  "users",
  "webhooks",
] as const;
export type ManagementFamily = (typeof managementFamilies)[number];

export type ManagementAccess = "read" | "write";

export type ManagementScope = ManagementAccess | `${ManagementFamily}:${ManagementAccess}`;

export const managementScopes = [
  "read",
  "write",
  ...managementFamilies.flatMap((family) => [`${family}:read`, `${family}:write`] as const),
] as [ManagementScope, ...ManagementScope[]];

/** What a person reads for each family in the token dialog and list. */
export const managementFamilyLabels: Record<ManagementFamily, string> = {
  organization: "Organization",
  projects: "Projects",
  members: "Members and invitations",
  keys: "API keys",
  servers: "Servers and tools",
  connections: "Connections",
  policies: "Policies",
  agents: "Agents and runs",
  calls: "Call log",
  usage: "Usage",
  users: "External users",
  webhooks: "Webhooks",
};

/** Whether `scopes` allow `access` to `family`: a write scope grants read too, a global one every family. */
export function grantsScope(
  scopes: readonly string[],
  family: ManagementFamily,
  access: ManagementAccess,
): boolean {
  for (const scope of scopes) {
    if (scope === "write" || scope === `${family}:write`) return true;
    if (access === "read" && (scope === "read" || scope === `${family}:read`)) return true;
  }
  return false;
}

/**
 * The fewest scopes meaning the same ("write" swallows every other scope, "projects:write" swallows
 * "projects:read"), in list order: what is stored and shown.
 */
export function normalizeScopes(scopes: readonly ManagementScope[]): ManagementScope[] {
  const chosen = new Set(scopes);
  return managementScopes.filter((scope) => {
    if (!chosen.has(scope)) return false;
    if (scope === "write") return true;
    if (chosen.has("write")) return false;
    if (scope === "read") return true;
    const [family, access] = scope.split(":") as [ManagementFamily, ManagementAccess];
    if (access === "read" && (chosen.has("read") || chosen.has(`${family}:write`))) return false;
    return true;
  });
}
