import { z } from "zod";
import { idField, organizationRoles } from "../../../lib/validation.ts";
import { endPersonalConnections } from "../../organizations/member-departure.ts";
import {
  changeMemberRole,
  getMembersByOrganizationId,
  leaveOrganization,
  removeMember,
} from "../../organizations/members.ts";
import { changesAccess, onDb, organizationProcedure, organizationQuery, router } from "../init.ts";

const memberInput = z.object({ organizationId: idField, memberId: idField });

export const organizationMemberRouter = router({
  getMembersByOrganizationId: organizationQuery("members.view", onDb(getMembersByOrganizationId)),
  changeRole: organizationProcedure(
    "members.changeRole",
    memberInput.extend({ role: z.enum(organizationRoles) }),
  )
    .use(changesAccess)
    .mutation(({ ctx, input }) => changeMemberRole(ctx.app.db, ctx.user.id, input)),
  // A departed member's personal connections end after the membership's transaction (member-departure.ts).
  remove: organizationProcedure("members.remove", memberInput)
    .use(changesAccess)
    .mutation(async ({ ctx, input }) => {
      const removed = await removeMember(ctx.app.db, ctx.user.id, input);
      await endPersonalConnections(ctx.app, input.organizationId, removed.userId);
      return { id: removed.id };
    }),
  leave: organizationProcedure("organization.leave")
    .use(changesAccess)
    .mutation(async ({ ctx, input }) => {
      const left = await leaveOrganization(ctx.app.db, ctx.user.id, input.organizationId);
      await endPersonalConnections(ctx.app, input.organizationId, ctx.user.id);
      return left;
    }),
});
