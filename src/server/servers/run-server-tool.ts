// The playground: one tool of a server run for a signed-in editor, through the gateway's own path
// (the GatewayTool /mcp would run, under run-tool.ts's time limit and error handling). Disabled tools
// run too, so a tool can be tried before agents get it. Runs are logged (channel "playground", so the
// call log can show what a person tried) but are not agent traffic: not counted as monthly requests.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app.ts";
import type { Principal } from "../gateway/principal.ts";
import { runTool } from "../gateway/run-tool.ts";
import { reportError } from "../observability/report-error.ts";
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
  if (!tool) throw new AppError("NOT_FOUND", `Unknown tool: ${input.toolName}`);
  const principal: Principal = {
    projectId: input.projectId,
    organizationId: access.project.organizationId,
    // The signed-in user, with neither a key nor an OAuth client.
    kind: "api_key",
    apiKeyId: null,
    oauthClientId: null,
    oauthClientName: null,
    callerName: "Playground",
    userId,
  };
  const started = performance.now();
  const result = await runTool(toGatewayTool(app, server, tool), input.arguments, principal, {
    recorder: app.gateway.recorder,
    timeoutMs: app.config.toolTimeoutMs,
    allowPrivateUrls: app.config.allowPrivateUrls,
    channel: "playground",
    reportError: (error) => reportError(error, { where: "playground" }),
  });
  return { result, durationMs: Math.round(performance.now() - started) };
}
