// projectServers.* (requirements §7): a project's servers, their tools and switches, and the playground.
import { z } from "zod";
import { integrationIdSchema } from "../../../lib/integrations/schemas.ts";
import { idField, serverConnectionModes, serverNameField } from "../../../lib/validation.ts";
import { requirePremiumAllowed } from "../../billing/plan-limits.ts";
import {
  addServer,
  getAvailableIntegrations,
  getProjectServers,
  removeServer,
  updateServer,
} from "../../servers/project-servers.ts";
import { runServerTool } from "../../servers/run-server-tool.ts";
import { getServerTools, setServerToolEnabled } from "../../servers/server-tool-settings.ts";
import {
  decideDefinitionReview,
  getDefinitionReviews,
  getToolPackUpdates,
} from "../../servers/tool-pins/definition-reviews.ts";
import { projectProcedure, projectQuery, router } from "../init.ts";
import { byProject } from "../inputs.ts";

const byServer = byProject.extend({ serverId: idField });
const toolName = z.string().trim().min(1).max(64);
/** A server's name (tools' prefix) and whose account it uses: a shared connection, or each caller's own. */
const serverSetup = {
  name: serverNameField.optional(),
  connectionMode: z.enum(serverConnectionModes).optional(),
  connectionId: idField.nullable().optional(),
};
/** Playground arguments: a JSON object, capped like the gateway's request bodies are. */
const MAX_ARGUMENTS_CHARS = 256 * 1024;
const toolArguments = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= MAX_ARGUMENTS_CHARS, "The arguments are too large");

export const projectServersRouter = router({
  getProjectServersByProjectId: projectQuery("project.view", getProjectServers),
  getServerTools: projectProcedure("project.view", byServer).query(({ ctx, input }) =>
    getServerTools(ctx.app, ctx.user.id, input.projectId, input.serverId),
  ),
  getAvailableIntegrations: projectQuery("project.view", getAvailableIntegrations),
  addServer: projectProcedure(
    "servers.manage",
    byProject.extend({ integrationId: integrationIdSchema, ...serverSetup }),
  ).mutation(async ({ ctx, input }) => {
    await requirePremiumAllowed(ctx.app.db, ctx.app.config.baseUrl, input.projectId, input.integrationId);
    const server = await addServer(ctx.app, ctx.user.id, input.projectId, input.integrationId, input);
    return {
      id: server.id,
      integrationId: server.integrationId,
      name: server.name,
      connectionMode: server.connectionMode,
    };
  }),
  /** Renames a server (its tools' prefix) or changes whose account it uses. */
  updateServer: projectProcedure("servers.manage", byServer.extend(serverSetup)).mutation(({ ctx, input }) =>
    updateServer(ctx.app, ctx.user.id, input.projectId, input.serverId, input),
  ),
  removeServer: projectProcedure("servers.manage", byServer).mutation(({ ctx, input }) =>
    removeServer(ctx.app, ctx.user.id, input.projectId, input.serverId),
  ),
  setToolEnabled: projectProcedure(
    "tools.configure",
    byServer.extend({ toolName, enabled: z.boolean() }),
  ).mutation(({ ctx, input }) => setServerToolEnabled(ctx.app, ctx.user.id, input)),
  /** Remote MCP tools held back because the upstream changed or added them, with their difference. */
  getDefinitionReviews: projectQuery("project.view", getDefinitionReviews),
  /** Integration packs whose tools a Portico upgrade changed since the project's servers were added. */
  getToolPackUpdates: projectQuery("project.view", getToolPackUpdates),
  decideDefinitionReview: projectProcedure(
    "tools.reviewDefinitions",
    byServer.extend({
      toolName,
      revision: z.string().regex(/^[0-9a-f]{64}$/, "Unknown revision"),
      decision: z.enum(["accept", "reject"]),
    }),
  ).mutation(({ ctx, input }) => decideDefinitionReview(ctx.app, ctx.user.id, input)),
  runTool: projectProcedure("tools.run", byServer.extend({ toolName, arguments: toolArguments })).mutation(
    ({ ctx, input }) => runServerTool(ctx.app, ctx.user.id, input),
  ),
});
