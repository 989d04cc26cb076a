import { z } from "zod";
import { idField, projectRoles } from "../../../lib/validation.ts";
import {
  getOrganizationMembersWithAllProjectPermissions,
  getOrganizationMembersWithProjectAccess,
  getProjectMembers,
  removeProjectMember,
  setProjectMemberRole,
} from "../../projects/permissions.ts";
import { listAccessibleProjects } from "../../projects/projects.ts";
import { accessChangingProcedure, protectedProcedure, router } from "../init.ts";

const byProjectAndUser = z.object({ projectId: idField, userId: idField });

export const projectPermissionsRouter = router({
  getAccessibleProjectsForUser: protectedProcedure.query(({ ctx }) =>
    listAccessibleProjects(ctx.app.db, ctx.user.id),
  ),
  getProjectMembers: protectedProcedure
    .input(z.object({ projectId: idField }))
    .query(({ ctx, input }) => getProjectMembers(ctx.app.db, ctx.user.id, input.projectId)),
  getOrganizationMembersWithProjectAccess: protectedProcedure
    .input(z.object({ organizationId: idField, projectId: idField }))
    .query(({ ctx, input }) =>
      getOrganizationMembersWithProjectAccess(ctx.app.db, ctx.user.id, input.organizationId, input.projectId),
    ),
  getOrganizationMembersWithAllProjectPermissions: protectedProcedure
    .input(z.object({ organizationId: idField }))
    .query(({ ctx, input }) =>
      getOrganizationMembersWithAllProjectPermissions(ctx.app.db, ctx.user.id, input.organizationId),
    ),
  setProjectMemberRole: accessChangingProcedure
    .input(byProjectAndUser.extend({ role: z.enum(projectRoles) }))
    .mutation(({ ctx, input }) =>
      setProjectMemberRole(ctx.app.db, ctx.user.id, input.projectId, input.userId, input.role),
    ),
  removeProjectMember: accessChangingProcedure
    .input(byProjectAndUser)
    .mutation(({ ctx, input }) =>
      removeProjectMember(ctx.app.db, ctx.user.id, input.projectId, input.userId),
    ),
});
