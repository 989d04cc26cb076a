import { z } from "zod";
import { billingIntervals, planIds } from "../../../lib/plans.ts";
import { idField } from "../../../lib/validation.ts";
import { listActiveSessions, revokeAllSessionsOf, revokeSession } from "../../admin/admin-sessions.ts";
import { getAdminStats } from "../../admin/admin-stats.ts";
import {
  banUser,
  deleteUser,
  listUserSessions,
  listUsers,
  setUserRole,
  siteRoles,
  unbanUser,
  userSortFields,
} from "../../admin/admin-users.ts";
import { resetTwoFactor } from "../../admin/reset-two-factor.ts";
import { getAllOrganizations, setOrganizationPlan } from "../../billing/all-organizations.ts";
import { listOutbox } from "../../mail/mailer.ts";
import { router, siteAdminProcedure } from "../init.ts";

const userId = z.string().trim().min(1, "User id is required").max(200);
const page = z.number().int().min(1).max(100_000).default(1);
const pageSize = z.number().int().min(1).max(100).default(20);
const search = z.string().trim().max(200).default("");

export const adminRouter = router({
  /** The development mail outbox: mail that would have been sent if SMTP were configured. */
  getMailOutbox: siteAdminProcedure.query(async ({ ctx }) => ({
    usesOutbox: ctx.app.mailer.usesOutbox,
    emails: await listOutbox(ctx.app.db),
  })),
  /** The admin index's counts. */
  getStats: siteAdminProcedure.query(({ ctx }) => getAdminStats(ctx.app.db)),
  getUsers: siteAdminProcedure
    .input(
      z
        .object({
          search,
          sort: z.enum(userSortFields).default("createdAt"),
          direction: z.enum(["asc", "desc"]).default("desc"),
          page,
          pageSize,
        })
        .default({ search: "", sort: "createdAt", direction: "desc", page: 1, pageSize: 20 }),
    )
    .query(({ ctx, input }) => listUsers(ctx.app, input)),
  setUserRole: siteAdminProcedure
    .input(z.object({ userId, role: z.enum(siteRoles) }))
    .mutation(({ ctx, input }) => setUserRole(ctx.app, ctx.headers, ctx.user.id, input.userId, input.role)),
  banUser: siteAdminProcedure
    .input(
      z.object({
        userId,
        reason: z
          .string()
          .trim()
          .min(1, "Give a reason for the ban")
          .max(500, "Reason must be at most 500 characters"),
      }),
    )
    .mutation(({ ctx, input }) => banUser(ctx.app, ctx.headers, input.userId, input.reason)),
  unbanUser: siteAdminProcedure
    .input(z.object({ userId }))
    .mutation(({ ctx, input }) => unbanUser(ctx.app, ctx.headers, input.userId)),
  deleteUser: siteAdminProcedure
    .input(z.object({ userId }))
    .mutation(({ ctx, input }) => deleteUser(ctx.app, ctx.headers, ctx.user.id, input.userId)),
  /** For someone who lost their authenticator and backup codes: 2FA off, every session ended. */
  resetTwoFactor: siteAdminProcedure
    .input(z.object({ userId }))
    .mutation(({ ctx, input }) => resetTwoFactor(ctx.app, ctx.headers, ctx.user.id, input.userId)),
  getUserSessions: siteAdminProcedure
    .input(z.object({ userId }))
    .query(({ ctx, input }) => listUserSessions(ctx.app, ctx.headers, input.userId)),
  getAuthSessions: siteAdminProcedure
    .input(z.object({ search, page, pageSize }).default({ search: "", page: 1, pageSize: 20 }))
    .query(({ ctx, input }) => listActiveSessions(ctx.app, input)),
  revokeSession: siteAdminProcedure
    .input(z.object({ sessionId: z.string().trim().min(1, "Session id is required").max(200) }))
    .mutation(({ ctx, input }) => revokeSession(ctx.app, ctx.headers, input.sessionId)),
  revokeUserSessions: siteAdminProcedure
    .input(z.object({ userId }))
    .mutation(({ ctx, input }) => revokeAllSessionsOf(ctx.app, ctx.headers, input.userId)),

  getAllOrganizations: siteAdminProcedure.query(({ ctx }) => getAllOrganizations(ctx.app)),
  setOrganizationPlan: siteAdminProcedure
    .input(z.object({ organizationId: idField, plan: z.enum(planIds), interval: z.enum(billingIntervals) }))
    .mutation(({ ctx, input }) => setOrganizationPlan(ctx.app, input, ctx.user.id)),
});
