// externalUsers.*: the project page's view of its external users (external-users/): the list with
// connections and last call, deleting one, and the return URLs connect links may go back to. The
// same service functions as the management API, scoped to the project's own organization.
import { z } from "zod";
import { createConnectLink } from "../../external-users/connect-links.ts";
import { externalIdField, returnUrlField } from "../../external-users/external-user-schemas.ts";
import {
  createExternalUser,
  deleteExternalUser,
  listExternalUsers,
} from "../../external-users/external-users.ts";
import { listReturnUrls, setReturnUrls } from "../../external-users/return-urls.ts";
import type { ProjectAccess } from "../../projects/access.ts";
import { projectProcedure, router } from "../init.ts";
import { byProject } from "../inputs.ts";

const scopeOf = (access: ProjectAccess, actorUserId?: string) => ({
  organizationId: access.project.organizationId,
  projectId: access.project.id,
  actorUserId,
});

export const externalUsersRouter = router({
  list: projectProcedure(
    "externalUsers.view",
    byProject.extend({ cursor: z.string().max(400).optional() }),
  ).query(({ ctx, input }) =>
    listExternalUsers(ctx.app, scopeOf(ctx.projectAccess, ctx.user.id), { cursor: input.cursor }),
  ),
  /** For people who provision by hand (support staff sending one user a link), as the API does. */
  create: projectProcedure("externalUsers.manage", byProject.extend({ id: externalIdField })).mutation(
    ({ ctx, input }) =>
      createExternalUser(ctx.app, scopeOf(ctx.projectAccess, ctx.user.id), { id: input.id }),
  ),
  createConnectLink: projectProcedure(
    "externalUsers.manage",
    byProject.extend({
      externalUserId: externalIdField,
      integrationId: z.string().max(64),
      returnUrl: returnUrlField,
    }),
  ).mutation(({ ctx, input }) => {
    const { projectId: _p, ...link } = input;
    return createConnectLink(ctx.app, scopeOf(ctx.projectAccess, ctx.user.id), link);
  }),
  delete: projectProcedure(
    "externalUsers.manage",
    byProject.extend({ externalUserId: externalIdField }),
  ).mutation(({ ctx, input }) =>
    deleteExternalUser(ctx.app, scopeOf(ctx.projectAccess, ctx.user.id), {
      externalUserId: input.externalUserId,
    }),
  ),
  getReturnUrls: projectProcedure("externalUsers.view").query(({ ctx }) =>
    listReturnUrls(ctx.app, scopeOf(ctx.projectAccess, ctx.user.id)),
  ),
  setReturnUrls: projectProcedure(
    "externalUsers.manage",
    byProject.extend({ urls: z.array(returnUrlField).max(20, "At most 20 URLs") }),
  ).mutation(({ ctx, input }) =>
    setReturnUrls(ctx.app, scopeOf(ctx.projectAccess, ctx.user.id), { urls: input.urls }),
  ),
});
