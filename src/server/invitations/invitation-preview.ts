// What the invitation link shows before anyone signs in: which organization, who invited, and the
// address it was sent to (so sign-up can be pre-filled with it). The link's id is the secret that was
// mailed to that address; only an open invitation is described, and nothing else of the organization.
import { and, eq, gt } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import type { Database } from "../db/client.ts";
import { invitation, organization, user } from "../db/schema/index.ts";

export const OPEN_INVITATION_NOT_FOUND = "This invitation is no longer open. Ask for a new one.";

export async function getInvitationPreview(db: Database, invitationId: string) {
  const [found] = await db
    .select({ organizationName: organization.name, inviterName: user.name, email: invitation.email })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .leftJoin(user, eq(user.id, invitation.invitedByUserId))
    .where(
      and(
        eq(invitation.id, invitationId),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, new Date()),
      ),
    );
  if (!found) throw new AppError("NOT_FOUND", OPEN_INVITATION_NOT_FOUND);
  return found;
}
