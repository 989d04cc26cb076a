import { z } from "zod";
import { idField, organizationRoles } from "../../../lib/validation.ts";
import {
  changeMemberRole,
  getMembersByOrganizationId,
  leaveOrganization,
  removeMember,
} from "../../organizations/members.ts";
import { changesAccess, organizationProcedure, router } from "../init.ts";

const memberInput = z.object({ organizationId: idField, memberId: idField });

export const organizationMemberRouter = router({
  getMembersByOrganizationId: organizationProcedure("members.view").query(({ ctx, input }) =>
    getMembersByOrganizationId(ctx.app.db, ctx.user.id, input.organizationId),
  ),
  changeRole: organizationProcedure(
    "members.changeRole",
    memberInput.extend({ role: z.enum(organizationRoles) }),
  )
    .use(changesAccess)
    .mutation(({ ctx, input }) => changeMemberRole(ctx.app.db, ctx.user.id, input)),
  remove: organizationProcedure("members.remove", memberInput)
    .use(changesAccess)
    .mutation(({ ctx, input }) => removeMember(ctx.app.db, ctx.user.id, input)),
  leave: organizationProcedure("organization.leave")
    .use(changesAccess)
    .mutation(({ ctx, input }) => leaveOrganization(ctx.app.db, ctx.user.id, input.organizationId)),
});
