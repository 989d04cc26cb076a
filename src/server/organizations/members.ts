// Organization membership: listing, role changes, removal and leaving. An organization always keeps
// at least one owner, so the last owner can be neither demoted, removed nor leave. Every change runs in
// one transaction that first locks the organization's row: two owners demoting or removing each other
// at once would otherwise each count two owners and together leave none.
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { canManageMemberRole } from "../../lib/permissions.ts";
import type { OrganizationRole } from "../../lib/validation.ts";
import { recordAuditEvent, userTarget } from "../audit/record-audit-event.ts";
import type { Database } from "../db/client.ts";
import { organization, organizationMember, project, projectMember, user } from "../db/schema/index.ts";
import { requireOrganizationAction } from "./access.ts";
import { personColumns, selectOrganizationMembers } from "./member-list.ts";
import { countOwners } from "./organizations.ts";

export const LAST_OWNER_MESSAGE = "An organization must keep at least one owner.";
const MEMBER_NOT_FOUND = "Member not found";

export async function getMembersByOrganizationId(db: Database, userId: string, organizationId: string) {
  const viewerRole = await requireOrganizationAction(db, userId, organizationId, "members.view");
  const rows = await selectOrganizationMembers(db, organizationId, {
    id: organizationMember.id,
    ...personColumns,
    role: organizationMember.role,
    joinedAt: organizationMember.createdAt,
    twoFactorEnabled: user.twoFactorEnabled,
  });
  // Who has two-factor sign-in is for those who set the policy and manage members, not for everyone.
  const seesTwoFactor = viewerRole === "owner" || viewerRole === "admin";
  return rows.map((row) => ({ ...row, twoFactorEnabled: seesTwoFactor ? row.twoFactorEnabled : null }));
}

async function findMember(db: Database, organizationId: string, memberId: string) {
  const [member] = await db
    .select()
    .from(organizationMember)
    .where(and(eq(organizationMember.id, memberId), eq(organizationMember.organizationId, organizationId)));
  if (!member) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  return member;
}

/**
 * Locks organizations' rows (the membership lock), in id order so that two callers locking several
 * never deadlock. Held until the caller's transaction ends; every membership change takes it.
 */
export async function lockOrganizations(tx: Database, where: SQL) {
  await tx
    .select({ id: organization.id })
    .from(organization)
    .where(where)
    .orderBy(asc(organization.id))
    .for("update");
}

/**
 * Runs `change` in a transaction holding the organization's row lock, so membership changes of one
 * organization happen one after another and each sees the roles the previous one committed. The
 * caller's role and the member are read inside, after the lock, for the same reason.
 */
function withMembershipLock<T>(db: Database, organizationId: string, change: (tx: Database) => Promise<T>) {
  return db.transaction(async (tx) => {
    await lockOrganizations(tx, eq(organization.id, organizationId));
    return change(tx);
  });
}

async function ensureAnotherOwner(tx: Database, organizationId: string, role: OrganizationRole) {
  if (role === "owner" && (await countOwners(tx, organizationId)) <= 1) {
    throw new AppError("BAD_REQUEST", LAST_OWNER_MESSAGE);
  }
}

export interface MemberChange {
  organizationId: string;
  memberId: string;
}

export function changeMemberRole(
  db: Database,
  actorId: string,
  { organizationId, memberId, role }: MemberChange & { role: OrganizationRole },
) {
  return withMembershipLock(db, organizationId, async (tx) => {
    const actorRole = await requireOrganizationAction(tx, actorId, organizationId, "members.changeRole");
    const member = await findMember(tx, organizationId, memberId);
    if (!canManageMemberRole(actorRole, member.role, role)) {
      throw new AppError("FORBIDDEN", "Only an owner can grant, change or take away ownership.");
    }
    if (member.role === role) return member;
    if (role !== "owner") await ensureAnotherOwner(tx, organizationId, member.role);
    const [updated] = await tx
      .update(organizationMember)
      .set({ role })
      .where(eq(organizationMember.id, memberId))
      .returning();
    // Owners and admins administer every project; explicit grants would only be stale noise.
    if (role !== "member") await dropProjectGrants(tx, organizationId, member.userId);
    await recordAuditEvent(tx, {
      organizationId,
      action: "member.role_changed",
      actorId,
      target: await userTarget(tx, member.userId),
      details: { from: member.role, to: role },
    });
    return updated ?? member;
  });
}

async function dropProjectGrants(db: Database, organizationId: string, userId: string) {
  const projectIds = db
    .select({ id: project.id })
    .from(project)
    .where(eq(project.organizationId, organizationId));
  await db
    .delete(projectMember)
    .where(and(eq(projectMember.userId, userId), inArray(projectMember.projectId, projectIds)));
}

async function deleteMembership(
  tx: Database,
  organizationId: string,
  member: { id: string; userId: string },
) {
  await dropProjectGrants(tx, organizationId, member.userId);
  await tx.delete(organizationMember).where(eq(organizationMember.id, member.id));
}

export function removeMember(db: Database, actorId: string, { organizationId, memberId }: MemberChange) {
  return withMembershipLock(db, organizationId, async (tx) => {
    const actorRole = await requireOrganizationAction(tx, actorId, organizationId, "members.remove");
    const member = await findMember(tx, organizationId, memberId);
    if (!canManageMemberRole(actorRole, member.role)) {
      throw new AppError("FORBIDDEN", "Only an owner can remove an owner.");
    }
    await ensureAnotherOwner(tx, organizationId, member.role);
    await recordAuditEvent(tx, {
      organizationId,
      action: "member.removed",
      actorId,
      target: await userTarget(tx, member.userId),
      details: { role: member.role },
    });
    await deleteMembership(tx, organizationId, member);
    return { id: memberId, userId: member.userId };
  });
}

export function leaveOrganization(db: Database, userId: string, organizationId: string) {
  return withMembershipLock(db, organizationId, async (tx) => {
    const role = await requireOrganizationAction(tx, userId, organizationId, "organization.leave");
    const [member] = await tx
      .select()
      .from(organizationMember)
      .where(
        and(eq(organizationMember.organizationId, organizationId), eq(organizationMember.userId, userId)),
      );
    if (!member) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
    await ensureAnotherOwner(tx, organizationId, role);
    await recordAuditEvent(tx, {
      organizationId,
      action: "member.left",
      actorId: userId,
      target: await userTarget(tx, userId),
      details: { role },
    });
    await deleteMembership(tx, organizationId, member);
    return { organizationId };
  });
}
