// "Ask for access": a member of an organization who opens one of its projects without a project
// permission sees what the project is and can ask for access, which e-mails the people who can grant it
// (the organization's owners and admins and the project's own admins). Non-members still learn nothing:
// both functions answer them NOT_FOUND, as requireProjectAction does.
import { and, eq, inArray, lt, or } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import type { Database } from "../db/client.ts";
import {
  organization,
  organizationMember,
  project,
  projectAccessRequest,
  projectMember,
  user,
} from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import { findProjectAccess, organizationMembershipIn, PROJECT_NOT_FOUND } from "./access.ts";
import { accessRequestEmail } from "./access-request-email.ts";

/** Asking again within this time does not mail the admins again. */
const RESEND_AFTER_MS = 24 * 60 * 60 * 1000;

interface Actor {
  id: string;
  email: string;
  name: string;
}

/** The project as a member of its organization without access sees it, or NOT_FOUND for anyone else. */
async function requireOrganizationMemberOfProject(db: Database, userId: string, projectId: string) {
  const [row] = await db
    .select({
      projectId: project.id,
      projectName: project.name,
      organizationId: project.organizationId,
      organizationName: organization.name,
    })
    .from(project)
    .innerJoin(organization, eq(organization.id, project.organizationId))
    .innerJoin(organizationMember, organizationMembershipIn(userId))
    .where(eq(project.id, projectId));
  if (!row) throw new AppError("NOT_FOUND", PROJECT_NOT_FOUND);
  return row;
}

export async function getAccessRequestState(db: Database, userId: string, projectId: string) {
  const found = await requireOrganizationMemberOfProject(db, userId, projectId);
  const [hasAccess, [request]] = await Promise.all([
    findProjectAccess(db, projectId, userId).then((access) => access !== null),
    db
      .select({ createdAt: projectAccessRequest.createdAt })
      .from(projectAccessRequest)
      .where(and(eq(projectAccessRequest.projectId, projectId), eq(projectAccessRequest.userId, userId))),
  ]);
  return { ...found, hasAccess, requestedAt: request?.createdAt ?? null };
}

/** Who can grant access to the project: organization owners and admins, and the project's admins. */
async function grantersOf(db: Database, projectId: string, organizationId: string) {
  const rows = await db
    .selectDistinct({ email: user.email })
    .from(user)
    .leftJoin(
      organizationMember,
      and(eq(organizationMember.userId, user.id), eq(organizationMember.organizationId, organizationId)),
    )
    .leftJoin(projectMember, and(eq(projectMember.userId, user.id), eq(projectMember.projectId, projectId)))
    .where(or(inArray(organizationMember.role, ["owner", "admin"]), eq(projectMember.role, "admin")));
  return rows.map((row) => row.email);
}

export async function requestProjectAccess(
  db: Database,
  mailer: Mailer,
  baseUrl: string,
  actor: Actor,
  projectId: string,
) {
  const found = await requireOrganizationMemberOfProject(db, actor.id, projectId);
  if (await findProjectAccess(db, projectId, actor.id)) {
    throw new AppError("BAD_REQUEST", "You already have access to this project.");
  }
  const now = new Date();
  // One row per person and project; the write decides whether this request mails anyone (a repeat
  // within RESEND_AFTER_MS does not), so two clicks at once send one e-mail.
  const [written] = await db
    .insert(projectAccessRequest)
    .values({ projectId, userId: actor.id, createdAt: now })
    .onConflictDoUpdate({
      target: [projectAccessRequest.projectId, projectAccessRequest.userId],
      set: { createdAt: now },
      setWhere: sqlOlderThan(now),
    })
    .returning({ createdAt: projectAccessRequest.createdAt });
  if (written) {
    const recipients = await grantersOf(db, projectId, found.organizationId);
    const link = `${baseUrl}/app/project/${projectId}/settings`;
    await Promise.all(
      recipients.map((to) =>
        mailer.send(
          accessRequestEmail({
            to,
            requesterName: actor.name,
            requesterEmail: actor.email,
            projectName: found.projectName,
            organizationName: found.organizationName,
            link,
          }),
        ),
      ),
    );
  }
  const state = await getAccessRequestState(db, actor.id, projectId);
  return { requestedAt: state.requestedAt, notified: Boolean(written) };
}

const sqlOlderThan = (now: Date) => {
  const cutoff = new Date(now.getTime() - RESEND_AFTER_MS);
  return lt(projectAccessRequest.createdAt, cutoff);
};
