import { z } from "zod";
import { getLastOAuthProject } from "../../oauth/last-project.ts";
import { protectedProcedure, router } from "../init.ts";
import { oauthClientIdField } from "./oauth-clients.ts";

export const userRouter = router({
  getInfo: protectedProcedure.query(({ ctx }) => ctx.user),
  /** The project this user last connected the OAuth client to, if they can still open it. */
  getLastOAuthProject: protectedProcedure
    .input(z.object({ clientId: oauthClientIdField }))
    .query(({ ctx, input }) => getLastOAuthProject(ctx.app.db, ctx.user.id, input.clientId)),
});
