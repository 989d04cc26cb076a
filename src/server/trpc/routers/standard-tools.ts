import { z } from "zod";
import {
  listStandardToolSettings,
  setStandardToolEnabled,
} from "../../gateway/catalogue/standard-tools/project-standard-tools.ts";
import { runStandardTool } from "../../gateway/catalogue/standard-tools/run-standard-tool.ts";
import { projectProcedure, projectQuery, router } from "../init.ts";
import { byProject } from "../inputs.ts";

const toolName = z.string().trim().min(1).max(64);
/** Playground arguments: a JSON object, capped like the gateway's request bodies are. */
const MAX_ARGUMENTS_CHARS = 256 * 1024;
const toolArguments = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= MAX_ARGUMENTS_CHARS, "The arguments are too large");

export const standardToolsRouter = router({
  getProjectStandardTools: projectQuery("project.view", listStandardToolSettings),
  setEnabled: projectProcedure(
    "tools.configure",
    byProject.extend({ toolName, enabled: z.boolean() }),
  ).mutation(({ ctx, input }) =>
    setStandardToolEnabled(ctx.app, ctx.user.id, input.projectId, input.toolName, input.enabled),
  ),
  // The playground for standard tools (servers' tools: projectServers.runTool).
  runTool: projectProcedure("tools.run", byProject.extend({ toolName, arguments: toolArguments })).mutation(
    ({ ctx, input }) => runStandardTool(ctx.app, ctx.user.id, input),
  ),
});
