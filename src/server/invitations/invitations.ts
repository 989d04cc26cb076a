// Invitations by email: pending until the invitee accepts or dismisses, or an admin withdraws one
// (recorded as dismissed). Only the invitee and the organization's inviters can see an invitation.
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { organizationRoleAllows } from "../../lib/permissions.ts";
import type { ProjectRole } from "../../lib/validation.ts";
import { type AuditWriter, recordAuditEvent } from "../audit/record-audit-event.ts";
import { withSeatAvailable } from "../billing/plan-limits.ts";
import type { Database } from "../db/client.ts";
import {
  invitation,
  organization,
  organizationMember,
  project,
  projectMember,
  user,
} from "../db/schema/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import { findOrganizationRole, requireOrganizationAction } from "../organizations/access.ts";
import { invitationEmail } from "./invitation-email.ts";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const INVITATION_NOT_FOUND = "Invitation not found";

interface Actor {
  id: string;
  email: string;
  name: string;
}

const invitationView = {
  id: invitation.id,
  organizationId: invitation.organizationId,
  organizationName: organization.name,
  email: invitation.email,
  role: invitation.role,
  projectGrants: invitation.projectGrants,
  status: invitation.status,
  createdAt: invitation.createdAt,
  expiresAt: invitation.expiresAt,
  inviterName: user.name,
};

function selectInvitations(db: Database) {
  return db
    .select(invitationView)
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .leftJoin(user, eq(user.id, invitation.invitedByUserId));
}

export async function inviteMember(
  db: Database,
  mailer: Mailer,
  baseUrl: string,
  actor: Actor,
  input: {
    organizationId: string;
    email: string;
    role: "admin" | "member";
    /** Projects the invitee gets on accepting (members only: admins reach every project anyway). */
    projects?: InvitedProject[];
  },
) {
  await requireOrganizationAction(db, actor.id, input.organizationId, "members.invite");
  const projectGrants =
    input.role === "admin" ? [] : await checkedProjectGrants(db, input.organizationId, input.projects ?? []);
  const [existingMember] = await db
    .select({ id: organizationMember.id })
    .from(organizationMember)
    .innerJoin(user, eq(user.id, organizationMember.userId))
    .where(and(eq(organizationMember.organizationId, input.organizationId), eq(user.email, input.email)));
  if (existingMember)
    throw new AppError("BAD_REQUEST", "This person is already a member of the organization.");

  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  const [pending] = await db
    .select({ id: invitation.id, expiresAt: invitation.expiresAt })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, input.organizationId),
        eq(invitation.email, input.email),
        eq(invitation.status, "pending"),
      ),
    );
  // Inviting the same address again renews the pending invitation instead of stacking duplicates.
  // A new invitation takes a seat of the plan; renewing one keeps the seat it holds. An expired one
  // holds no seat (seatsUsed), so renewing it takes one again, like a new invitation.
  // Each write records its event in its own transaction: a refused seat records nothing.
  const recorded = async (tx: AuditWriter, rows: (typeof invitation.$inferSelect)[]) => {
    const [row] = rows;
    if (row) {
      await recordAuditEvent(tx, {
        organizationId: input.organizationId,
        action: "member.invited",
        actorId: actor.id,
        target: { type: "invitation", id: row.id, label: row.email },
        details: { role: row.role, renewed: Boolean(pending) },
      });
    }
    return rows;
  };
  const renew = async (tx: Pick<Database, "update" | "select" | "insert">, id: string) =>
    recorded(
      tx,
      await tx
        .update(invitation)
        .set({ role: input.role, projectGrants, expiresAt, invitedByUserId: actor.id })
        .where(eq(invitation.id, id))
        .returning(),
    );
  const [saved] = pending
    ? pending.expiresAt.getTime() > Date.now()
      ? await db.transaction((tx) => renew(tx, pending.id))
      : await withSeatAvailable(db, baseUrl, input.organizationId, (tx) => renew(tx, pending.id))
    : await withSeatAvailable(db, baseUrl, input.organizationId, async (tx) =>
        recorded(
          tx,
          await tx
            .insert(invitation)
            .values({
              organizationId: input.organizationId,
              email: input.email,
              role: input.role,
              projectGrants,
              invitedByUserId: actor.id,
              expiresAt,
            })
            .returning(),
        ),
      );
  if (!saved) throw new Error("invitation write returned no row");

  const [org] = await db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, saved.organizationId));
  await mailer.send(
    invitationEmail({
      to: saved.email,
      inviterName: actor.name,
      organizationName: org?.name ?? "",
      role: saved.role,
      projects: (await grantedProjects(db, saved.organizationId, saved.projectGrants)).map(
        (granted) => `${granted.name} (${granted.role})`,
      ),
      link: `${baseUrl}/invitations/${saved.id}`,
    }),
  );
  return saved;
}

export interface InvitedProject {
  projectId: string;
  role: ProjectRole;
}

/** The chosen projects, once each, all of them the organization's; anything else is refused. */
async function checkedProjectGrants(db: Database, organizationId: string, chosen: InvitedProject[]) {
  const byId = new Map(chosen.map((grant) => [grant.projectId, grant]));
  if (byId.size === 0) return [];
  const found = await db
    .select({ id: project.id })
    .from(project)
    .where(and(eq(project.organizationId, organizationId), inArray(project.id, [...byId.keys()])));
  if (found.length !== byId.size) {
    throw new AppError(
      "BAD_REQUEST",
      "A chosen project is not in this organization. Reload and choose again.",
    );
  }
  return [...byId.values()].map(({ projectId, role }) => ({ projectId, role }));
}

/** The granted projects that still exist in the organization, with their names. */
async function grantedProjects(
  db: Pick<Database, "select">,
  organizationId: string,
  grants: { projectId: string; role: ProjectRole }[],
) {
  if (grants.length === 0) return [];
  const rows = await db
    .select({ id: project.id, name: project.name })
    .from(project)
    .where(
      and(
        eq(project.organizationId, organizationId),
        inArray(
          project.id,
          grants.map((grant) => grant.projectId),
        ),
      ),
    );
  return grants.flatMap((grant) => {
    const row = rows.find((candidate) => candidate.id === grant.projectId);
    return row ? [{ projectId: row.id, name: row.name, role: grant.role }] : [];
  });
}

export async function getPendingInvitationsForUser(db: Database, actor: Actor) {
  return selectInvitations(db)
    .where(
      and(
        eq(invitation.email, actor.email.toLowerCase()),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(invitation.createdAt));
}

export async function getOrganizationInvitations(db: Database, actorId: string, organizationId: string) {
  await requireOrganizationAction(db, actorId, organizationId, "members.invite");
  return selectInvitations(db)
    .where(and(eq(invitation.organizationId, organizationId), eq(invitation.status, "pending")))
    .orderBy(desc(invitation.createdAt));
}

export async function getInvitationDetails(db: Database, actor: Actor, invitationId: string) {
  const [found] = await selectInvitations(db).where(eq(invitation.id, invitationId));
  if (!found) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
  const isForCurrentUser = found.email === actor.email.toLowerCase();
  if (!isForCurrentUser) {
    const role = await findOrganizationRole(db, found.organizationId, actor.id);
    if (!role) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
    if (!organizationRoleAllows(role, "members.invite")) {
      throw new AppError("FORBIDDEN", "This invitation was sent to another email address.");
    }
  }
  const projects = await grantedProjects(db, found.organizationId, found.projectGrants);
  return { ...found, projects, isForCurrentUser, expired: found.expiresAt.getTime() <= Date.now() };
}

const alreadyAnswered = (status: string) =>
  new AppError("BAD_REQUEST", `This invitation was already ${status}.`);

async function requireOpenInvitationFor(db: Database, actor: Actor, invitationId: string) {
  const details = await getInvitationDetails(db, actor, invitationId);
  if (!details.isForCurrentUser) {
    throw new AppError("FORBIDDEN", "This invitation was sent to another email address.");
  }
  if (details.status !== "pending") throw alreadyAnswered(details.status);
  if (details.expired) throw new AppError("BAD_REQUEST", "This invitation has expired. Ask for a new one.");
  return details;
}

/**
 * Moves a pending invitation to `status` (requirements §4), only if it is still pending: the check above
 * ran before this write, and a concurrent accept, dismiss or withdraw may have answered it meanwhile.
 */
async function leavePending(
  db: Pick<Database, "update" | "select">,
  invitationId: string,
  status: "accepted" | "dismissed",
) {
  const moved = await db
    .update(invitation)
    .set({ status, respondedAt: new Date() })
    .where(and(eq(invitation.id, invitationId), eq(invitation.status, "pending")))
    .returning({ id: invitation.id });
  if (moved.length > 0) return;
  const [now] = await db
    .select({ status: invitation.status })
    .from(invitation)
    .where(eq(invitation.id, invitationId));
  throw alreadyAnswered(now?.status ?? "answered");
}

export async function acceptInvitation(db: Database, actor: Actor, invitationId: string) {
  const details = await requireOpenInvitationFor(db, actor, invitationId);
  await db.transaction(async (tx) => {
    await leavePending(tx, invitationId, "accepted");
    await tx
      .insert(organizationMember)
      .values({ organizationId: details.organizationId, userId: actor.id, role: details.role })
      .onConflictDoNothing();
    // The projects the invitation named, as they are now (a project deleted meanwhile is skipped).
    const projects = await grantedProjects(tx, details.organizationId, details.projectGrants);
    if (projects.length > 0) {
      await tx
        .insert(projectMember)
        .values(
          projects.map((granted) => ({ projectId: granted.projectId, userId: actor.id, role: granted.role })),
        )
        .onConflictDoNothing();
    }
    await recordAuditEvent(tx, {
      organizationId: details.organizationId,
      action: "invitation.accepted",
      actorId: actor.id,
      target: { type: "invitation", id: invitationId, label: details.email },
      details: { role: details.role, projects: details.projects.length },
    });
  });
  return {
    organizationId: details.organizationId,
    status: "accepted" as const,
    /** Where to go next: the one project granted, if there is exactly one. */
    projectId: details.projects.length === 1 ? (details.projects[0]?.projectId ?? null) : null,
  };
}

export async function dismissInvitation(db: Database, actor: Actor, invitationId: string) {
  await requireOpenInvitationFor(db, actor, invitationId);
  await leavePending(db, invitationId, "dismissed");
  return { id: invitationId, status: "dismissed" as const };
}

export async function withdrawInvitation(
  db: Database,
  actorId: string,
  organizationId: string,
  invitationId: string,
) {
  await requireOrganizationAction(db, actorId, organizationId, "members.invite");
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(invitation)
      .set({ status: "dismissed", respondedAt: new Date() })
      .where(
        and(
          eq(invitation.id, invitationId),
          eq(invitation.organizationId, organizationId),
          eq(invitation.status, "pending"),
        ),
      )
      .returning({ id: invitation.id, email: invitation.email, role: invitation.role });
    if (!updated) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
    await recordAuditEvent(tx, {
      organizationId,
      action: "invitation.withdrawn",
      actorId,
      target: { type: "invitation", id: updated.id, label: updated.email },
      details: { role: updated.role },
    });
  });
  return { id: invitationId, status: "dismissed" as const };
}
