// Project access: organization owners and admins administer every project; other members reach a
// project only through an explicit project permission.
import { and, eq, type SQLWrapper } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { effectiveProjectRole, type ProjectAction, projectRoleAllows } from "../../lib/permissions.ts";
import type { OrganizationRole, ProjectRole } from "../../lib/validation.ts";
import type { Database } from "../db/client.ts";
import { organizationMember, project, projectMember } from "../db/schema/index.ts";

export const PROJECT_NOT_FOUND = "Project not found";

/** Join condition: the person's membership of the project's organization. */
export const organizationMembershipIn = (userId: string | SQLWrapper) =>
  and(eq(organizationMember.organizationId, project.organizationId), eq(organizationMember.userId, userId));

/** Join condition: the person's own permission on the project (none for owners and admins not added). */
export const projectMembershipIn = (userId: string | SQLWrapper) =>
  and(eq(projectMember.projectId, project.id), eq(projectMember.userId, userId));

export interface ProjectAccess {
  project: typeof project.$inferSelect;
  organizationRole: OrganizationRole;
  role: ProjectRole;
}

export async function findProjectAccess(
  db: Database,
  projectId: string,
  userId: string,
): Promise<ProjectAccess | null> {
  const [row] = await db
    .select({ project, organizationRole: organizationMember.role, projectRole: projectMember.role })
    .from(project)
    .innerJoin(organizationMember, organizationMembershipIn(userId))
    .leftJoin(projectMember, projectMembershipIn(userId))
    .where(eq(project.id, projectId));
  if (!row) return null;
  const role = effectiveProjectRole(row.organizationRole, row.projectRole);
  return role ? { project: row.project, organizationRole: row.organizationRole, role } : null;
}

export async function requireProjectAction(
  db: Database,
  userId: string,
  projectId: string,
  action: ProjectAction,
): Promise<ProjectAccess> {
  const access = await findProjectAccess(db, projectId, userId);
  if (!access) throw new AppError("NOT_FOUND", PROJECT_NOT_FOUND);
  if (!projectRoleAllows(access.role, action)) {
    throw new AppError("FORBIDDEN", "Your project permission does not allow this action.");
  }
  return access;
}

/** Everyone who can reach the project now: its organization's owners and admins and its own members. */
export async function projectMemberIds(db: Database, projectId: string): Promise<string[]> {
  const rows = await db
    .select({
      userId: organizationMember.userId,
      organizationRole: organizationMember.role,
      projectRole: projectMember.role,
    })
    .from(project)
    .innerJoin(organizationMember, eq(organizationMember.organizationId, project.organizationId))
    .leftJoin(
      projectMember,
      and(eq(projectMember.projectId, project.id), eq(projectMember.userId, organizationMember.userId)),
    )
    .where(eq(project.id, projectId));
  return rows
    .filter((row) => effectiveProjectRole(row.organizationRole, row.projectRole) !== null)
    .map((row) => row.userId);
}
