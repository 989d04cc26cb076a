import { z } from "zod";
import { emailField, PASSWORD_MAX_LENGTH, passwordField, personNameField } from "../../../lib/validation.ts";
import {
  changeEmail,
  changePassword,
  deleteAccount,
  getAccount,
  revokeOtherSessions,
  updateName,
} from "../../accounts/account.ts";
import { protectedProcedure, router } from "../init.ts";

const currentPasswordField = z
  .string()
  .min(1, "Enter your current password")
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The signed-in person's own account (the account page). */
export const accountRouter = router({
  get: protectedProcedure.query(({ ctx }) => getAccount(ctx.app, ctx.headers)),
  updateName: protectedProcedure
    .input(z.object({ name: personNameField }))
    .mutation(({ ctx, input }) => updateName(ctx.app, ctx.headers, input.name)),
  changeEmail: protectedProcedure
    .input(z.object({ newEmail: emailField }))
    .mutation(({ ctx, input }) => changeEmail(ctx.app, ctx.headers, input.newEmail)),
  changePassword: protectedProcedure
    .input(z.object({ currentPassword: currentPasswordField, newPassword: passwordField }))
    .mutation(({ ctx, input }) =>
      changePassword(ctx.app, ctx.headers, input.currentPassword, input.newPassword),
    ),
  revokeOtherSessions: protectedProcedure.mutation(({ ctx }) => revokeOtherSessions(ctx.app, ctx.headers)),
  delete: protectedProcedure
    .input(z.object({ password: currentPasswordField }))
    .mutation(({ ctx, input }) => deleteAccount(ctx.app, ctx.headers, input.password)),
});
