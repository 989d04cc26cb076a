import { router } from "./init.ts";
import { adminRouter } from "./routers/admin.ts";
import { integrationsRouter } from "./routers/integrations.ts";
import { organizationRouter } from "./routers/organization.ts";
import { organizationInvitationsRouter } from "./routers/organization-invitations.ts";
import { organizationMemberRouter } from "./routers/organization-member.ts";
import { projectRouter } from "./routers/project.ts";
import { projectPermissionsRouter } from "./routers/project-permissions.ts";
import { userRouter } from "./routers/user.ts";

export const appRouter = router({
  admin: adminRouter,
  integrations: integrationsRouter,
  organization: organizationRouter,
  organizationInvitations: organizationInvitationsRouter,
  organizationMember: organizationMemberRouter,
  project: projectRouter,
  projectPermissions: projectPermissionsRouter,
  user: userRouter,
});

export type AppRouter = typeof appRouter;
