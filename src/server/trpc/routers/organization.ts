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
import { accessChangingProcedure, protectedProcedure, router } from "../init.ts";

const byId = z.object({ id: idField });

export const organizationRouter = router({
  getOrganizationsDetails: protectedProcedure.query(({ ctx }) =>
    getOrganizationsDetails(ctx.app.db, ctx.user.id),
  ),
  getById: protectedProcedure
    .input(byId)
    .query(({ ctx, input }) => getOrganizationById(ctx.app.db, ctx.user.id, input.id)),
  getOrganizationDetail: protectedProcedure
    .input(byId)
    .query(({ ctx, input }) => getOrganizationDetail(ctx.app.db, ctx.user.id, input.id)),
  create: protectedProcedure
    .input(z.object({ name: organizationNameField }))
    .mutation(({ ctx, input }) => createOrganization(ctx.app.db, ctx.user.id, input.name)),
  rename: protectedProcedure
    .input(z.object({ id: idField, name: organizationNameField }))
    .mutation(({ ctx, input }) => renameOrganization(ctx.app.db, ctx.user.id, input.id, input.name)),
  delete: accessChangingProcedure
    .input(byId)
    .mutation(({ ctx, input }) => deleteOrganization(ctx.app.db, ctx.user.id, input.id)),
});
