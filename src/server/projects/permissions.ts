// Explicit project permissions for organization members (owners and admins need none: they administer
// every project). Granting, changing and revoking them is a project admin's job.
import { and, asc, eq } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { effectiveProjectRole } from "../../lib/permissions.ts";
import type { ProjectRole } from "../../lib/validation.ts";
import { recordProjectAuditEvent, userTarget } from "../audit/record-audit-event.ts";
import type { Database } from "../db/client.ts";
import { organizationMember, project, projectMember, user } from "../db/schema/index.ts";
import { requireOrganizationAction } from "../organizations/access.ts";
import { personColumns, selectOrganizationMembers } from "../organizations/member-list.ts";
import { PROJECT_NOT_FOUND, requireProjectAction } from "./access.ts";

export async function getProjectMembers(db: Database, userId: string, projectId: string) {
  await requireProjectAction(db, userId, projectId, "project.view");
  return db
    .select({ ...personColumns, role: projectMember.role, grantedAt: projectMember.createdAt })
    .from(projectMember)
    .innerJoin(user, eq(user.id, projectMember.userId))
    .where(eq(projectMember.projectId, projectId))
    .orderBy(asc(user.name));
}

/** Every member of the organization with the access each has to one project (null: none). */
export async function getOrganizationMembersWithProjectAccess(
  db: Database,
  userId: string,
  organizationId: string,
  projectId: string,
) {
  const access = await requireProjectAction(db, userId, projectId, "project.view");
  if (access.project.organizationId !== organizationId) throw new AppError("NOT_FOUND", PROJECT_NOT_FOUND);
  const rows = await db
    .select({ ...personColumns, organizationRole: organizationMember.role, projectRole: projectMember.role })
    .from(organizationMember)
    .innerJoin(user, eq(user.id, organizationMember.userId))
    .leftJoin(projectMember, and(eq(projectMember.projectId, projectId), eq(projectMember.userId, user.id)))
    .where(eq(organizationMember.organizationId, organizationId))
    .orderBy(asc(user.name));
  return rows.map((row) => ({
    ...row,
    effectiveRole: effectiveProjectRole(row.organizationRole, row.projectRole),
  }));
}

/** For organization admins: each member with their permission on every project of the organization. */
export async function getOrganizationMembersWithAllProjectPermissions(
  db: Database,
  userId: string,
  organizationId: string,
) {
  await requireOrganizationAction(db, userId, organizationId, "members.changeRole");
  const members = await selectOrganizationMembers(db, organizationId, {
    ...personColumns,
    organizationRole: organizationMember.role,
  });
  const projects = await db
    .select({ id: project.id, name: project.name })
    .from(project)
    .where(eq(project.organizationId, organizationId))
    .orderBy(asc(project.name));
  const grants = await db
    .select({ projectId: projectMember.projectId, userId: projectMember.userId, role: projectMember.role })
    .from(projectMember)
    .innerJoin(project, eq(project.id, projectMember.projectId))
    .where(eq(project.organizationId, organizationId));
  return members.map((member) => ({
    ...member,
    projects: projects.map((p) => {
      const grant = grants.find((g) => g.projectId === p.id && g.userId === member.userId);
      return {
        projectId: p.id,
        projectName: p.name,
        projectRole: grant?.role ?? null,
        effectiveRole: effectiveProjectRole(member.organizationRole, grant?.role ?? null),
      };
    }),
  }));
}

/** Whose explicit access to which project (`userId` is the person acted on, not the actor). */
export interface ProjectGrant {
  projectId: string;
  userId: string;
}

export async function setProjectMemberRole(
  db: Database,
  actorId: string,
  { projectId, userId: targetUserId, role }: ProjectGrant & { role: ProjectRole },
) {
  const access = await requireProjectAction(db, actorId, projectId, "project.manageAccess");
  const [target] = await db
    .select({ role: organizationMember.role })
    .from(organizationMember)
    .where(
      and(
        eq(organizationMember.organizationId, access.project.organizationId),
        eq(organizationMember.userId, targetUserId),
      ),
    );
  if (!target)
    throw new AppError("BAD_REQUEST", "Only members of the organization can be given project access.");
  if (target.role !== "member") {
    throw new AppError("BAD_REQUEST", "Organization owners and admins already administer every project.");
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(projectMember)
      .values({ projectId, userId: targetUserId, role })
      .onConflictDoUpdate({ target: [projectMember.projectId, projectMember.userId], set: { role } });
    await recordProjectAuditEvent(tx, access.project, {
      action: "project_access.granted",
      actorId,
      target: await userTarget(tx, targetUserId),
      details: { role },
    });
  });
  return { projectId, userId: targetUserId, role };
}

export async function removeProjectMember(
  db: Database,
  actorId: string,
  { projectId, userId: targetUserId }: ProjectGrant,
) {
  const access = await requireProjectAction(db, actorId, projectId, "project.manageAccess");
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(projectMember)
      .where(and(eq(projectMember.projectId, projectId), eq(projectMember.userId, targetUserId)))
      .returning({ role: projectMember.role });
    if (!removed) throw new AppError("NOT_FOUND", "This person has no explicit access to the project.");
    await recordProjectAuditEvent(tx, access.project, {
      action: "project_access.revoked",
      actorId,
      target: await userTarget(tx, targetUserId),
      details: { role: removed.role },
    });
  });
  return { projectId, userId: targetUserId };
}
