import type { OrganizationAction } from "~/lib/permissions.ts";
import type { ShellScope } from "./use-current-scope.ts";
import { useShellOrganizations } from "./use-shell-organizations.ts";

/**
 * Whether the user's role in the current organization allows an action, from the switcher's data (the
 * server's permission map, never a role compared here). False until it has loaded, and outside an
 * organization, so a page for owners and admins is not offered for a moment to everyone.
 */
export function useOrganizationPermissions(scope: ShellScope): (action: OrganizationAction) => boolean {
  const { data: organizations } = useShellOrganizations();
  const organization =
    scope.kind === "organization" ? organizations?.find((org) => org.id === scope.organizationId) : undefined;
  return (action) => organization?.permissions[action] ?? false;
}
