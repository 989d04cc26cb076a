import { z } from "zod";
import { idField, projectRoles } from "../../../lib/validation.ts";
import { getAccessRequestState, requestProjectAccess } from "../../projects/access-requests.ts";
import {
  getOrganizationMembersWithAllProjectPermissions,
  getOrganizationMembersWithProjectAccess,
  getProjectMembers,
  removeProjectMember,
  setProjectMemberRole,
} from "../../projects/permissions.ts";
import { listAccessibleProjects } from "../../projects/projects.ts";
import {
  changesAccess,
  onDb,
  organizationProcedure,
  projectProcedure,
  projectQuery,
  protectedProcedure,
  router,
} from "../init.ts";
import { byProject } from "../inputs.ts";

const byProjectAndUser = z.object({ projectId: idField, userId: idField });
export const projectPermissionsRouter = router({
  getAccessibleProjectsForUser: protectedProcedure.query(({ ctx }) =>
    listAccessibleProjects(ctx.app.db, ctx.user.id),
  ),
  // For a member of the project's organization without access to it ("ask for access"); anyone else
  // gets NOT_FOUND, so these stay off projectProcedure, which refuses exactly the people they serve.
  getAccessRequestState: protectedProcedure
    .input(byProject)
    .query(({ ctx, input }) => getAccessRequestState(ctx.app.db, ctx.user.id, input.projectId)),
  requestAccess: protectedProcedure
    .input(byProject)
    .mutation(({ ctx, input }) =>
      requestProjectAccess(ctx.app.db, ctx.app.mailer, ctx.app.config.baseUrl, ctx.user, input.projectId),
    ),
  getProjectMembers: projectQuery("project.view", onDb(getProjectMembers)),
  getOrganizationMembersWithProjectAccess: projectProcedure(
    "project.view",
    z.object({ organizationId: idField, projectId: idField }),
  ).query(({ ctx, input }) =>
    getOrganizationMembersWithProjectAccess(ctx.app.db, ctx.user.id, input.organizationId, input.projectId),
  ),
  getOrganizationMembersWithAllProjectPermissions: organizationProcedure("members.changeRole").query(
    ({ ctx, input }) =>
      getOrganizationMembersWithAllProjectPermissions(ctx.app.db, ctx.user.id, input.organizationId),
  ),
  setProjectMemberRole: projectProcedure(
    "project.manageAccess",
    byProjectAndUser.extend({ role: z.enum(projectRoles) }),
  )
    .use(changesAccess)
    .mutation(({ ctx, input }) => setProjectMemberRole(ctx.app.db, ctx.user.id, input)),
  removeProjectMember: projectProcedure("project.manageAccess", byProjectAndUser)
    .use(changesAccess)
    .mutation(({ ctx, input }) => removeProjectMember(ctx.app.db, ctx.user.id, input)),
});
