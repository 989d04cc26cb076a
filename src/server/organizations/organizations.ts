// Organizations: creation (the creator becomes owner), renaming, deletion, and the views the dashboard
// and organization pages read.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { allowedActions, organizationPermissions } from "../../lib/permissions.ts";
import type { OrganizationRole } from "../../lib/validation.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { Database } from "../db/client.ts";
import { organization, organizationMember, project } from "../db/schema/index.ts";
import { listAccessibleProjects } from "../projects/projects.ts";
import { ORGANIZATION_NOT_FOUND, requireOrganizationAction } from "./access.ts";

export async function createOrganization(db: Database, userId: string, name: string) {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(organization).values({ name }).returning();
    if (!created) throw new Error("organization insert returned no row");
    await tx.insert(organizationMember).values({ organizationId: created.id, userId, role: "owner" });
    await recordAuditEvent(tx, {
      organizationId: created.id,
      action: "organization.created",
      actorId: userId,
      target: { type: "organization", id: created.id, label: created.name },
    });
    return created;
  });
}

export async function renameOrganization(db: Database, userId: string, organizationId: string, name: string) {
  await requireOrganizationAction(db, userId, organizationId, "organization.rename");
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: organization.name })
      .from(organization)
      .where(eq(organization.id, organizationId))
      .for("update");
    const [updated] = await tx
      .update(organization)
      .set({ name, updatedAt: new Date() })
      .where(eq(organization.id, organizationId))
      .returning();
    if (!before || !updated) throw new AppError("NOT_FOUND", ORGANIZATION_NOT_FOUND);
    if (before.name !== name) {
      await recordAuditEvent(tx, {
        organizationId,
        action: "organization.settings_changed",
        actorId: userId,
        target: { type: "organization", id: organizationId, label: name },
        details: { setting: "name", from: before.name, to: name },
      });
    }
    return updated;
  });
}

/** Deletes the organization with its members, invitations and projects (cascading keys). */
export async function deleteOrganization(db: Database, userId: string, organizationId: string) {
  await requireOrganizationAction(db, userId, organizationId, "organization.delete");
  await db.delete(organization).where(eq(organization.id, organizationId));
  return { id: organizationId };
}

/** What the signed-in member may do here, for the UI to show or hide actions. */
export const permissionsOf = (role: OrganizationRole) => allowedActions(organizationPermissions, role);

export async function getOrganizationById(db: Database, userId: string, organizationId: string) {
  const role = await requireOrganizationAction(db, userId, organizationId, "organization.view");
  const [row] = await db.select().from(organization).where(eq(organization.id, organizationId));
  if (!row) throw new AppError("NOT_FOUND", ORGANIZATION_NOT_FOUND);
  return { ...row, role };
}

export async function getOrganizationDetail(db: Database, userId: string, organizationId: string) {
  const base = await getOrganizationById(db, userId, organizationId);
  const [members] = await db
    .select({ total: count() })
    .from(organizationMember)
    .where(eq(organizationMember.organizationId, organizationId));
  const [projects] = await db
    .select({ total: count() })
    .from(project)
    .where(eq(project.organizationId, organizationId));
  const visibleProjects = await listAccessibleProjects(db, userId, organizationId);
  return {
    ...base,
    memberCount: members?.total ?? 0,
    projectCount: projects?.total ?? 0,
    projects: visibleProjects,
    permissions: permissionsOf(base.role),
    /** The last owner may not leave (members.ts): the settings page hides "Leave" for them. */
    isLastOwner: base.role === "owner" && (await countOwners(db, organizationId)) <= 1,
  };
}

/** Every organization of the user with the projects the user can open, for the dashboard. */
export async function getOrganizationsDetails(db: Database, userId: string) {
  const memberships = await db
    .select({ organization, role: organizationMember.role })
    .from(organizationMember)
    .innerJoin(organization, eq(organization.id, organizationMember.organizationId))
    .where(eq(organizationMember.userId, userId))
    .orderBy(asc(organization.name));
  if (memberships.length === 0) return [];
  const ids = memberships.map((m) => m.organization.id);
  const memberCounts = await db
    .select({ organizationId: organizationMember.organizationId, total: count() })
    .from(organizationMember)
    .where(inArray(organizationMember.organizationId, ids))
    .groupBy(organizationMember.organizationId);
  const projects = await listAccessibleProjects(db, userId);
  return memberships.map(({ organization: org, role }) => ({
    ...org,
    role,
    memberCount: memberCounts.find((c) => c.organizationId === org.id)?.total ?? 0,
    projects: projects.filter((p) => p.organizationId === org.id),
    permissions: permissionsOf(role),
  }));
}

export async function countOwners(db: Database, organizationId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(organizationMember)
    .where(and(eq(organizationMember.organizationId, organizationId), eq(organizationMember.role, "owner")));
  return row?.total ?? 0;
}
