import { z } from "zod";
import { idField, organizationRoles } from "../../../lib/validation.ts";
import {
  changeMemberRole,
  getMembersByOrganizationId,
  leaveOrganization,
  removeMember,
} from "../../organizations/members.ts";
import { accessChangingProcedure, protectedProcedure, router } from "../init.ts";

const memberInput = z.object({ organizationId: idField, memberId: idField });

export const organizationMemberRouter = router({
  getMembersByOrganizationId: protectedProcedure
    .input(z.object({ organizationId: idField }))
    .query(({ ctx, input }) => getMembersByOrganizationId(ctx.app.db, ctx.user.id, input.organizationId)),
  changeRole: accessChangingProcedure
    .input(memberInput.extend({ role: z.enum(organizationRoles) }))
    .mutation(({ ctx, input }) =>
      changeMemberRole(ctx.app.db, ctx.user.id, input.organizationId, input.memberId, input.role),
    ),
  remove: accessChangingProcedure
    .input(memberInput)
    .mutation(({ ctx, input }) =>
      removeMember(ctx.app.db, ctx.user.id, input.organizationId, input.memberId),
    ),
  leave: accessChangingProcedure
    .input(z.object({ organizationId: idField }))
    .mutation(({ ctx, input }) => leaveOrganization(ctx.app.db, ctx.user.id, input.organizationId)),
});
