import { z } from "zod";
import { idField, organizationRoles } from "../../../lib/validation.ts";
import type { App } from "../../app.ts";
import { removePersonalConnections } from "../../integrations/connections/organization-connections.ts";
import {
  changeMemberRole,
  getMembersByOrganizationId,
  leaveOrganization,
  removeMember,
} from "../../organizations/members.ts";
import { connectionChanged } from "../../servers/connection-changes.ts";
import { changesAccess, organizationProcedure, router } from "../init.ts";

async function personalConnectionsEnded(app: App, organizationId: string, userId: string) {
  const providers = await removePersonalConnections(app, organizationId, userId);
  for (const provider of new Set(providers)) await connectionChanged(app, organizationId, provider);
}

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
  // A departed member's personal connections are revoked at the provider and deleted after the
  // membership's own transaction (revocation is a network call, held in no transaction).
  remove: organizationProcedure("members.remove", memberInput)
    .use(changesAccess)
    .mutation(async ({ ctx, input }) => {
      const removed = await removeMember(ctx.app.db, ctx.user.id, input);
      await personalConnectionsEnded(ctx.app, input.organizationId, removed.userId);
      return { id: removed.id };
    }),
  leave: organizationProcedure("organization.leave")
    .use(changesAccess)
    .mutation(async ({ ctx, input }) => {
      const left = await leaveOrganization(ctx.app.db, ctx.user.id, input.organizationId);
      await personalConnectionsEnded(ctx.app, input.organizationId, ctx.user.id);
      return left;
    }),
});
