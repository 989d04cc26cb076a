// Membership checks for organization-scoped work. A non-member learns nothing (NOT_FOUND); a member
// whose role lacks the action gets FORBIDDEN.
import { and, eq, inArray } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { type OrganizationAction, organizationRoleAllows } from "../../lib/permissions.ts";
import type { OrganizationRole } from "../../lib/validation.ts";
import type { Database } from "../db/client.ts";
import { organizationMember } from "../db/schema/index.ts";

export const ORGANIZATION_NOT_FOUND = "Organization not found";

/** Condition on organization_member: the organization's owners and admins, who get its notices. */
export const ownersAndAdminsOf = (organizationId: string) =>
  and(
    eq(organizationMember.organizationId, organizationId),
    inArray(organizationMember.role, ["owner", "admin"]),
  );

/** Refusals that say more than the generic one, for actions a member may wonder about. */
const refusalOf: Partial<Record<OrganizationAction, string>> = {
  "auditLog.view": "Only owners and admins of this organization can see its audit log.",
  "managementTokens.manage": "Only owners and admins of this organization can manage its management tokens.",
};

export async function findOrganizationRole(
  db: Database,
  organizationId: string,
  userId: string,
): Promise<OrganizationRole | null> {
  const [row] = await db
    .select({ role: organizationMember.role })
    .from(organizationMember)
    .where(and(eq(organizationMember.organizationId, organizationId), eq(organizationMember.userId, userId)));
  return row?.role ?? null;
}

export async function requireOrganizationAction(
  db: Database,
  userId: string,
  organizationId: string,
  action: OrganizationAction,
): Promise<OrganizationRole> {
  const role = await findOrganizationRole(db, organizationId, userId);
  if (!role) throw new AppError("NOT_FOUND", ORGANIZATION_NOT_FOUND);
  if (!organizationRoleAllows(role, action)) {
    throw new AppError(
      "FORBIDDEN",
      refusalOf[action] ?? "Your role in this organization does not allow this action.",
    );
  }
  return role;
}
