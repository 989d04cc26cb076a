import { z } from "zod";
import { idField } from "../../../lib/validation.ts";
import {
  listStandardToolSettings,
  setStandardToolEnabled,
} from "../../gateway/standard-tools/project-standard-tools.ts";
import { projectProcedure, router } from "../init.ts";

const byProject = z.object({ projectId: idField });

export const standardToolsRouter = router({
  getProjectStandardTools: projectProcedure("project.view").query(({ ctx, input }) =>
    listStandardToolSettings(ctx.app, ctx.user.id, input.projectId),
  ),
  setEnabled: projectProcedure(
    "tools.configure",
    byProject.extend({ toolName: z.string().trim().min(1).max(64), enabled: z.boolean() }),
  ).mutation(({ ctx, input }) =>
    setStandardToolEnabled(ctx.app, ctx.user.id, input.projectId, input.toolName, input.enabled),
  ),
});
