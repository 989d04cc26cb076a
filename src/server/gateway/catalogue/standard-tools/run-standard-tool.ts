// The playground for a standard tool (calculate, the time tools, fetch_web_page): run for a signed-in
// member through the gateway's own path (admission.ts's callTool: quota, time limit, call log), like
// a server's tool in servers/run-server-tool.ts. Switched-off tools run too, so a tool can be tried
// before agents get it. A fresh project has only these, so they are what a new team tries first.
import { AppError } from "../../../../lib/errors.ts";
import type { App } from "../../../app-services.ts";
import { requireProjectAction } from "../../../projects/access.ts";
import { type PlaygroundRun, runInPlayground } from "../../../servers/run-server-tool.ts";
import { standardTools } from "./index.ts";

export async function runStandardTool(
  app: App,
  userId: string,
  input: { projectId: string; toolName: string; arguments: Record<string, unknown> },
): Promise<PlaygroundRun> {
  const access = await requireProjectAction(app.db, userId, input.projectId, "tools.run");
  const tool = standardTools.find((candidate) => candidate.name === input.toolName);
  if (!tool) throw new AppError("NOT_FOUND", `Unknown standard tool: ${input.toolName}`);
  const where = { projectId: input.projectId, organizationId: access.project.organizationId };
  return runInPlayground(app, where, userId, tool, input.arguments);
}
