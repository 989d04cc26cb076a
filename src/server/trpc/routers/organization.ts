import { z } from "zod";
import { idField, organizationNameField } from "../../../lib/validation.ts";
import {
  createOrganization,
  deleteOrganization,
  getOrganizationById,
  getOrganizationDetail,
  getOrganizationsDetails,
  renameOrganization,
} from "../../organizations/organizations.ts";
import { getTwoFactorPolicy, setTwoFactorRequired } from "../../organizations/two-factor-policy.ts";
import { changesAccess, organizationProcedure, protectedProcedure, router } from "../init.ts";

const byId = z.object({ id: idField });

export const organizationRouter = router({
  getOrganizationsDetails: protectedProcedure.query(({ ctx }) =>
    getOrganizationsDetails(ctx.app.db, ctx.user.id),
  ),
  getById: organizationProcedure("organization.view", byId, "id").query(({ ctx, input }) =>
    getOrganizationById(ctx.app.db, ctx.user.id, input.id),
  ),
  getOrganizationDetail: organizationProcedure("organization.view", byId, "id").query(({ ctx, input }) =>
    getOrganizationDetail(ctx.app.db, ctx.user.id, input.id),
  ),
  create: protectedProcedure
    .input(z.object({ name: organizationNameField }))
    .mutation(({ ctx, input }) => createOrganization(ctx.app.db, ctx.user.id, input.name)),
  rename: organizationProcedure(
    "organization.rename",
    z.object({ id: idField, name: organizationNameField }),
    "id",
  ).mutation(({ ctx, input }) => renameOrganization(ctx.app.db, ctx.user.id, input.id, input.name)),
  getTwoFactorPolicy: organizationProcedure("organization.view").query(({ ctx, input }) =>
    getTwoFactorPolicy(ctx.app.db, input.organizationId),
  ),
  setTwoFactorRequired: organizationProcedure(
    "organization.requireTwoFactor",
    z.object({ organizationId: idField, required: z.boolean() }),
  ).mutation(({ ctx, input }) =>
    setTwoFactorRequired(ctx.app.db, ctx.user, input.organizationId, input.required),
  ),
  delete: organizationProcedure("organization.delete", byId, "id")
    .use(changesAccess)
    .mutation(({ ctx, input }) => deleteOrganization(ctx.app.db, ctx.user.id, input.id)),
});
