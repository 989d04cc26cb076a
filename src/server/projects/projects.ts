// Projects inside an organization: creation, renaming, deletion and the lists a user may see.
import { and, asc, count, eq, or } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { allowedActions, effectiveProjectRole, projectPermissions } from "../../lib/permissions.ts";
import type { ProjectRole } from "../../lib/validation.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import { withProjectAvailable } from "../billing/plan-limits.ts";
import type { Database } from "../db/client.ts";
import { organization, organizationMember, project, projectMember } from "../db/schema/index.ts";
import { requireOrganizationAction } from "../organizations/access.ts";
import { getProjectCallStats } from "../usage/project-call-stats.ts";
import type { CallCountServices } from "../usage/request-counts.ts";
import {
  organizationMembershipIn,
  PROJECT_NOT_FOUND,
  projectMembershipIn,
  requireProjectAction,
} from "./access.ts";

export interface ProjectInput {
  name: string;
  description?: string;
  /** Only when creating: governance's Protect writes (db/schema/projects.ts), on unless asked off. */
  protectWrites?: boolean;
}

export const projectPermissionsOf = (role: ProjectRole) => allowedActions(projectPermissions, role);

/** Projects the user can open, across all their organizations or in one, with their effective role. */
export async function listAccessibleProjects(db: Database, userId: string, organizationId?: string) {
  const rows = await db
    .select({
      project,
      organizationName: organization.name,
      organizationRole: organizationMember.role,
      projectRole: projectMember.role,
    })
    .from(project)
    .innerJoin(organization, eq(organization.id, project.organizationId))
    .innerJoin(organizationMember, organizationMembershipIn(userId))
    .leftJoin(projectMember, projectMembershipIn(userId))
    .where(
      and(
        organizationId === undefined ? undefined : eq(project.organizationId, organizationId),
        or(
          eq(organizationMember.role, "owner"),
          eq(organizationMember.role, "admin"),
          eq(projectMember.userId, userId),
        ),
      ),
    )
    .orderBy(asc(project.name));
  return rows.flatMap((row) => {
    const role = effectiveProjectRole(row.organizationRole, row.projectRole);
    return role ? [{ ...row.project, organizationName: row.organizationName, role }] : [];
  });
}

export async function createProject(
  db: Database,
  userId: string,
  organizationId: string,
  input: ProjectInput,
  baseUrl: string,
) {
  await requireOrganizationAction(db, userId, organizationId, "projects.create");
  const [created] = await withProjectAvailable(db, baseUrl, organizationId, async (tx) => {
    const rows = await tx
      .insert(project)
      .values({
        organizationId,
        name: input.name,
        description: input.description ?? "",
        protectWrites: input.protectWrites ?? true,
      })
      .returning();
    const [row] = rows;
    if (row) {
      await recordAuditEvent(tx, {
        organizationId,
        action: "project.created",
        actorId: userId,
        project: row,
        target: { type: "project", id: row.id, label: row.name },
      });
    }
    return rows;
  });
  if (!created) throw new Error("project insert returned no row");
  return created;
}

export async function updateProject(db: Database, userId: string, projectId: string, input: ProjectInput) {
  const { project: before } = await requireProjectAction(db, userId, projectId, "project.rename");
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(project)
      .set({
        name: input.name,
        ...(input.description === undefined ? {} : { description: input.description }),
        updatedAt: new Date(),
      })
      .where(eq(project.id, projectId))
      .returning();
    if (!updated) throw new AppError("NOT_FOUND", PROJECT_NOT_FOUND);
    const renamed = before.name !== updated.name;
    if (renamed || before.description !== updated.description) {
      await recordAuditEvent(tx, {
        organizationId: updated.organizationId,
        action: "project.updated",
        actorId: userId,
        project: updated,
        target: { type: "project", id: updated.id, label: updated.name },
        details: renamed ? { from: before.name, to: updated.name } : { description: "changed" },
      });
    }
    return updated;
  });
}

export async function deleteProject(db: Database, userId: string, projectId: string) {
  const { project: doomed } = await requireProjectAction(db, userId, projectId, "project.delete");
  await db.transaction(async (tx) => {
    await tx.delete(project).where(eq(project.id, projectId));
    await recordAuditEvent(tx, {
      organizationId: doomed.organizationId,
      action: "project.deleted",
      actorId: userId,
      project: doomed,
      target: { type: "project", id: doomed.id, label: doomed.name },
    });
  });
  return { id: projectId };
}

export async function getProjectById(db: Database, userId: string, projectId: string) {
  const access = await requireProjectAction(db, userId, projectId, "project.view");
  const [org] = await db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, access.project.organizationId));
  return {
    ...access.project,
    organizationName: org?.name ?? "",
    role: access.role,
    organizationRole: access.organizationRole,
    permissions: projectPermissionsOf(access.role),
  };
}

/**
 * Figures for the project overview. Request and tool-call counts join here when the gateway records
 * calls; today a project has people and nothing else to count.
 */
export async function getProjectStats(app: CallCountServices, userId: string, projectId: string) {
  const { db } = app;
  const access = await requireProjectAction(db, userId, projectId, "project.view");
  const [explicit] = await db
    .select({ total: count() })
    .from(projectMember)
    .where(eq(projectMember.projectId, projectId));
  const [administrators] = await db
    .select({ total: count() })
    .from(organizationMember)
    .where(
      and(
        eq(organizationMember.organizationId, access.project.organizationId),
        or(eq(organizationMember.role, "owner"), eq(organizationMember.role, "admin")),
      ),
    );
  return {
    projectId,
    peopleWithAccess: (explicit?.total ?? 0) + (administrators?.total ?? 0),
    createdAt: access.project.createdAt,
    calls: await getProjectCallStats(app, projectId, access.project.organizationId),
  };
}
