import { z } from "zod";
import { billingIntervals, planIds } from "../../../lib/plans.ts";
import { idField } from "../../../lib/validation.ts";
import { getAllOrganizations, setOrganizationPlan } from "../../billing/all-organizations.ts";
import { listOutbox } from "../../mail/mailer.ts";
import { router, siteAdminProcedure } from "../init.ts";

export const adminRouter = router({
  /** The development mail outbox: mail that would have been sent if SMTP were configured. */
  getMailOutbox: siteAdminProcedure.query(async ({ ctx }) => ({
    usesOutbox: ctx.app.mailer.usesOutbox,
    emails: await listOutbox(ctx.app.db),
  })),
  getAllOrganizations: siteAdminProcedure.query(({ ctx }) => getAllOrganizations(ctx.app)),
  setOrganizationPlan: siteAdminProcedure
    .input(z.object({ organizationId: idField, plan: z.enum(planIds), interval: z.enum(billingIntervals) }))
    .mutation(({ ctx, input }) => setOrganizationPlan(ctx.app, input)),
});
