import { z } from "zod";
import { idField, invitationFields } from "../../../lib/validation.ts";
import { getInvitationPreview } from "../../invitations/invitation-preview.ts";
import {
  acceptInvitation,
  dismissInvitation,
  getInvitationDetails,
  getOrganizationInvitations,
  getPendingInvitationsForUser,
  inviteMember,
  withdrawInvitation,
} from "../../invitations/invitations.ts";
import {
  onDb,
  organizationProcedure,
  organizationQuery,
  protectedProcedure,
  publicProcedure,
  router,
} from "../init.ts";

const byInvitation = z.object({ invitationId: idField });

export const organizationInvitationsRouter = router({
  // Signed out too: the invitation link names the organization and the inviter (invitation-preview.ts).
  getInvitationPreview: publicProcedure
    .input(byInvitation)
    .query(({ ctx, input }) => getInvitationPreview(ctx.app.db, input.invitationId)),
  getPendingInvitationsForUser: protectedProcedure.query(({ ctx }) =>
    getPendingInvitationsForUser(ctx.app.db, ctx.user),
  ),
  getInvitationDetails: protectedProcedure
    .input(byInvitation)
    .query(({ ctx, input }) => getInvitationDetails(ctx.app.db, ctx.user, input.invitationId)),
  getOrganizationInvitations: organizationQuery("members.invite", onDb(getOrganizationInvitations)),
  invite: organizationProcedure(
    "members.invite",
    z.object({ organizationId: idField, ...invitationFields }),
  ).mutation(({ ctx, input }) =>
    inviteMember(ctx.app.db, ctx.app.mailer, ctx.app.config.baseUrl, ctx.user, input),
  ),
  accept: protectedProcedure
    .input(byInvitation)
    .mutation(({ ctx, input }) => acceptInvitation(ctx.app.db, ctx.user, input.invitationId)),
  dismiss: protectedProcedure
    .input(byInvitation)
    .mutation(({ ctx, input }) => dismissInvitation(ctx.app.db, ctx.user, input.invitationId)),
  withdraw: organizationProcedure(
    "members.invite",
    z.object({ organizationId: idField, invitationId: idField }),
  ).mutation(({ ctx, input }) =>
    withdrawInvitation(ctx.app.db, ctx.user.id, input.organizationId, input.invitationId),
  ),
});
