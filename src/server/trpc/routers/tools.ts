// tools.* (requirements §7): a server's tools by server id alone.
import { z } from "zod";
import { idField } from "../../../lib/validation.ts";
import { getToolsForServer } from "../../servers/server-tool-settings.ts";
import { protectedProcedure, router } from "../init.ts";

export const toolsRouter = router({
  getToolsForServer: protectedProcedure
    .input(z.object({ serverId: idField }))
    .query(({ ctx, input }) => getToolsForServer(ctx.app, ctx.user.id, input.serverId)),
});
