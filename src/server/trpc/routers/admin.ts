import { listOutbox } from "../../mail/mailer.ts";
import { router, siteAdminProcedure } from "../init.ts";

export const adminRouter = router({
  /** The development mail outbox: mail that would have been sent if SMTP were configured. */
  getMailOutbox: siteAdminProcedure.query(async ({ ctx }) => ({
    usesOutbox: ctx.app.mailer.usesOutbox,
    emails: await listOutbox(ctx.app.db),
  })),
});
