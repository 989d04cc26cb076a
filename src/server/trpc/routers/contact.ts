// The public contact form and its site-admin inbox.
import { contactMessageInput } from "../../../lib/contact.ts";
import { listContactMessages, submitContactMessage } from "../../contact/contact-messages.ts";
import { publicProcedure, router, siteAdminProcedure } from "../init.ts";

export const contactRouter = router({
  /** Anyone may write; the answer is the same whether the message was kept or caught by the honeypot. */
  submit: publicProcedure.input(contactMessageInput).mutation(async ({ ctx, input }) => {
    await submitContactMessage(ctx.app, input, ctx.user?.id ?? null);
    return { received: true as const };
  }),
  listMessages: siteAdminProcedure.query(({ ctx }) => listContactMessages(ctx.app)),
});
