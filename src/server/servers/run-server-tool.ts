// The playground: one tool of a server run for a signed-in editor, through the gateway's own path
// (the GatewayTool /mcp would run, admitted, run and recorded by gateway/pipeline/admission.ts's callTool like
// every other door). Disabled tools run too, so a tool can be tried before agents get it. Runs are
// real calls with the organization's connection: they count as monthly requests and are logged.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import { personPrincipal } from "../gateway/auth/principal.ts";
import type { GatewayTool } from "../gateway/catalogue/tool-types.ts";
import { callTool } from "../gateway/pipeline/admission.ts";
import { requireProjectAction } from "../projects/access.ts";
import { requireServerOf } from "./project-servers.ts";
import { listServerTools, toGatewayTool } from "./server-tools.ts";

export interface PlaygroundRun {
  result: CallToolResult;
  durationMs: number;
}

export async function runServerTool(
  app: App,
  userId: string,
  input: { projectId: string; serverId: string; toolName: string; arguments: Record<string, unknown> },
): Promise<PlaygroundRun> {
  const access = await requireProjectAction(app.db, userId, input.projectId, "tools.run");
  const server = await requireServerOf(app.db, input.projectId, input.serverId);
  const listing = await listServerTools(app, server);
  if (!listing.ok) throw new AppError("BAD_REQUEST", listing.reason);
  const tool = listing.tools.find((candidate) => candidate.name === input.toolName);
  if (!tool) {
    if (listing.held.some((candidate) => candidate.name === input.toolName)) {
      throw new AppError(
        "BAD_REQUEST",
        `${input.toolName} is held back: its server changed its definition, and an admin of the project reviews it first.`,
      );
    }
    throw new AppError("NOT_FOUND", `Unknown tool: ${input.toolName}`);
  }
  const where = { projectId: input.projectId, organizationId: access.project.organizationId };
  return runInPlayground(app, where, userId, toGatewayTool(app, server, tool), input.arguments);
}

/** One playground call as `userId`, through callTool like every door; a refused quota is a 402. */
export async function runInPlayground(
  app: App,
  where: { projectId: string; organizationId: string },
  userId: string,
  tool: GatewayTool,
  args: Record<string, unknown>,
): Promise<PlaygroundRun> {
  const principal = personPrincipal({ ...where, userId, callerName: "Playground" });
  const started = performance.now();
  const outcome = await callTool(app, { door: "playground", tool, args, principal });
  if (!outcome.ok) throw new AppError("PAYMENT_REQUIRED", outcome.refusal.message);
  return { result: outcome.result, durationMs: Math.round(performance.now() - started) };
}
