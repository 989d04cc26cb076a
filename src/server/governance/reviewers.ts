// Who decides a project's held calls: its admins (the organization's owners and admins, the project's
// own admins), and the members the project names as reviewers (project_reviewer, set on the policies
// page by its editors and admins). A named reviewer must still have access to the project: they are
// read through project_member, so one removed from the project stops reviewing. The calling person
// confirms their own "confirm" calls; nobody approves their own request unless the project allows it.
import { and, asc, eq } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { projectRoleAllows } from "../../lib/permissions.ts";
import type { ProjectRole } from "../../lib/validation.ts";
import type { App } from "../app-services.ts";
import { recordProjectAuditEvent } from "../audit/record-audit-event.ts";
import type { Database } from "../db/client.ts";
import { organizationMember, projectMember, projectReviewer, user } from "../db/schema/index.ts";
import { ownersAndAdminsOf } from "../organizations/access.ts";
import { requireProjectAction } from "../projects/access.ts";

export interface Reviewer {
  userId: string;
  email: string;
  name: string;
}

const columns = { userId: user.id, email: user.email, name: user.name };

/** The members the project named (or just this one), who still have access to it. */
function namedReviewers(db: Database, projectId: string, onlyUserId?: string) {
  return db
    .select(columns)
    .from(projectReviewer)
    .innerJoin(
      projectMember,
      and(
        eq(projectMember.projectId, projectReviewer.projectId),
        eq(projectMember.userId, projectReviewer.userId),
      ),
    )
    .innerJoin(user, eq(user.id, projectReviewer.userId))
    .where(
      and(
        eq(projectReviewer.projectId, projectId),
        onlyUserId === undefined ? undefined : eq(projectReviewer.userId, onlyUserId),
      ),
    )
    .orderBy(asc(user.name));
}

/** The project's admins: organization owners and admins, and the project's own admins. */
async function adminReviewers(db: Database, organizationId: string, projectId: string) {
  const [admins, projectAdmins] = await Promise.all([
    db
      .select(columns)
      .from(organizationMember)
      .innerJoin(user, eq(user.id, organizationMember.userId))
      .where(ownersAndAdminsOf(organizationId)),
    db
      .select(columns)
      .from(projectMember)
      .innerJoin(user, eq(user.id, projectMember.userId))
      .where(and(eq(projectMember.projectId, projectId), eq(projectMember.role, "admin"))),
  ]);
  return dedupe([...admins, ...projectAdmins]);
}

function dedupe(reviewers: Reviewer[]): Reviewer[] {
  const byId = new Map<string, Reviewer>();
  for (const reviewer of reviewers) byId.set(reviewer.userId, reviewer);
  return [...byId.values()];
}

export async function projectReviewers(
  db: Database,
  organizationId: string,
  projectId: string,
): Promise<Reviewer[]> {
  const [admins, named] = await Promise.all([
    adminReviewers(db, organizationId, projectId),
    namedReviewers(db, projectId),
  ]);
  return dedupe([...admins, ...named]);
}

/** Whether the person, with this role in the project, reviews its held calls. */
export async function reviewsProject(
  db: Database,
  projectId: string,
  userId: string,
  role: ProjectRole,
): Promise<boolean> {
  if (projectRoleAllows(role, "approvals.decide")) return true;
  const [named] = await namedReviewers(db, projectId, userId);
  return named !== undefined;
}

/** The policies page's list: who reviews, and (for those who may change it) whom they could name. */
export async function listReviewers(app: App, userId: string, projectId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "project.view");
  const [admins, named] = await Promise.all([
    adminReviewers(app.db, access.project.organizationId, projectId),
    namedReviewers(app.db, projectId),
  ]);
  const adminIds = new Set(admins.map((reviewer) => reviewer.userId));
  const namedIds = new Set(named.map((reviewer) => reviewer.userId));
  const canManage = projectRoleAllows(access.role, "policies.manage");
  const candidates = canManage
    ? (
        await app.db
          .select(columns)
          .from(projectMember)
          .innerJoin(user, eq(user.id, projectMember.userId))
          .where(eq(projectMember.projectId, projectId))
          .orderBy(asc(user.name))
      ).filter((member) => !adminIds.has(member.userId) && !namedIds.has(member.userId))
    : [];
  return {
    admins: admins.sort((a, b) => a.name.localeCompare(b.name)),
    named: named.filter((reviewer) => !adminIds.has(reviewer.userId)),
    candidates,
  };
}

export async function addReviewer(app: App, userId: string, projectId: string, reviewerId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "policies.manage");
  const [member] = await app.db
    .select(columns)
    .from(projectMember)
    .innerJoin(user, eq(user.id, projectMember.userId))
    .where(and(eq(projectMember.projectId, projectId), eq(projectMember.userId, reviewerId)));
  if (!member) {
    throw new AppError(
      "BAD_REQUEST",
      "Only a member of this project can review its calls: give them access first.",
    );
  }
  await app.db.transaction(async (tx) => {
    const added = await tx
      .insert(projectReviewer)
      .values({ projectId, userId: reviewerId, addedBy: userId })
      .onConflictDoNothing()
      .returning({ userId: projectReviewer.userId });
    if (added.length === 0) return;
    await recordProjectAuditEvent(tx, access.project, {
      action: "project.reviewer_added",
      actorId: userId,
      target: { type: "user", id: reviewerId, label: member.name || member.email },
    });
  });
}

export async function removeReviewer(app: App, userId: string, projectId: string, reviewerId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "policies.manage");
  await app.db.transaction(async (tx) => {
    const removed = await tx
      .delete(projectReviewer)
      .where(and(eq(projectReviewer.projectId, projectId), eq(projectReviewer.userId, reviewerId)))
      .returning({ userId: projectReviewer.userId });
    if (removed.length === 0)
      throw new AppError("NOT_FOUND", "This person is not a named reviewer of the project.");
    const [named] = await tx.select(columns).from(user).where(eq(user.id, reviewerId));
    await recordProjectAuditEvent(tx, access.project, {
      action: "project.reviewer_removed",
      actorId: userId,
      target: { type: "user", id: reviewerId, label: named?.name || named?.email || reviewerId },
    });
  });
}
