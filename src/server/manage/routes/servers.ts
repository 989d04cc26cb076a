// A project's servers (one per integration it exposes) and their tool switches.
import { z } from "zod";
import { integrationIdSchema } from "../../../lib/integrations/schemas.ts";
import { idField, serverConnectionModes, serverNameField } from "../../../lib/validation.ts";
import type { App } from "../../app-services.ts";
import { requirePremiumAllowed } from "../../billing/plan-limits.ts";
import { addServer, getProjectServers, removeServer, updateServer } from "../../servers/project-servers.ts";
import { getServerTools, setServerToolEnabled } from "../../servers/server-tool-settings.ts";
import { registerListRoute } from "../list-route.ts";
import type { ManageApi } from "../manage-env.ts";
import { familyOperations, json, jsonBody } from "../operation.ts";
import { projectPath } from "./projects.ts";

const serverSchema = z
  .object({
    id: z.string(),
    integrationId: z.string(),
    /** Prefixes the server's tools on /mcp: `<name>_<tool>`. */
    name: z.string(),
    connectionMode: z.enum(serverConnectionModes),
    /** The shared connection it uses; null in personal mode or when the organization has none. */
    connectionId: z.string().nullable(),
    /** Why the server offers no tools now; null when it does. */
    problem: z.string().nullable(),
    toolCount: z.number().int(),
    enabledToolCount: z.number().int(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Server" });

const toolSchema = z
  .object({
    /** The name agents see on /mcp. */
    name: z.string(),
    /** The integration's own name, which the switch takes. */
    toolName: z.string(),
    description: z.string(),
    readOnly: z.boolean(),
    destructive: z.boolean(),
    enabled: z.boolean(),
  })
  .meta({ id: "Tool" });

const serverToolsSchema = z
  .object({
    serverId: z.string(),
    name: z.string(),
    problem: z.string().nullable(),
    tools: z.array(toolSchema),
  })
  .meta({ id: "ServerTools" });

const serverSetup = {
  name: serverNameField.optional(),
  connectionMode: z.enum(serverConnectionModes).optional(),
  connectionId: idField.nullable().optional(),
};
const addServerBody = z
  .object({ integrationId: integrationIdSchema, ...serverSetup })
  .meta({ id: "ServerCreate" });
const updateServerBody = z.object(serverSetup).meta({ id: "ServerUpdate" });
const serverPath = projectPath.extend({ serverId: idField });
const toolPath = serverPath.extend({ toolName: z.string().trim().min(1).max(64) });

type ServerRow = Awaited<ReturnType<typeof getProjectServers>>[number];

const serverOut = (server: ServerRow): z.infer<typeof serverSchema> => ({
  id: server.id,
  integrationId: server.integrationId,
  name: server.serverName,
  connectionMode: server.connectionMode,
  connectionId: server.connection?.id ?? null,
  problem: server.problem,
  toolCount: server.toolCount,
  enabledToolCount: server.enabledToolCount,
  createdAt: server.createdAt.toISOString(),
});

const serverOperation = familyOperations("servers", "Servers");

export function registerServerRoutes(api: ManageApi, app: App) {
  const one = async (userId: string, projectId: string, serverId: string) => {
    const found = (await getProjectServers(app, userId, projectId)).find((server) => server.id === serverId);
    if (!found) throw new Error(`server ${serverId} was just written but is not listed`);
    return serverOut(found);
  };

  registerListRoute(api, serverOperation, {
    path: "/projects/{projectId}/servers",
    operationId: "listServers",
    summary: "List a project's servers",
    params: projectPath,
    page: { item: serverSchema, id: "ServerPage", noun: "servers" },
    load: (caller, { projectId }) => getProjectServers(app, caller.createdByUserId, projectId),
    toItem: serverOut,
  });

  api.openapi(
    serverOperation("write", {
      method: "post",
      path: "/projects/{projectId}/servers",
      operationId: "addServer",
      summary: "Add an integration's server to a project",
      request: { params: projectPath, body: jsonBody(addServerBody) },
      responses: { 201: json(serverSchema, "The new server.") },
    }),
    async (c) => {
      const userId = c.var.caller.createdByUserId;
      const { projectId } = c.req.valid("param");
      const body = c.req.valid("json");
      await requirePremiumAllowed(app.db, app.config.baseUrl, projectId, body.integrationId);
      const server = await addServer(app, userId, projectId, body.integrationId, body);
      return c.json(await one(userId, projectId, server.id), 201);
    },
  );

  api.openapi(
    serverOperation("write", {
      method: "patch",
      path: "/projects/{projectId}/servers/{serverId}",
      operationId: "updateServer",
      summary: "Rename a server or change whose account it uses",
      request: { params: serverPath, body: jsonBody(updateServerBody) },
      responses: { 200: json(serverSchema, "The server as it is now.") },
    }),
    async (c) => {
      const userId = c.var.caller.createdByUserId;
      const { projectId, serverId } = c.req.valid("param");
      await updateServer(app, userId, projectId, serverId, c.req.valid("json"));
      return c.json(await one(userId, projectId, serverId), 200);
    },
  );

  api.openapi(
    serverOperation("write", {
      method: "delete",
      path: "/projects/{projectId}/servers/{serverId}",
      operationId: "removeServer",
      summary: "Remove a server from a project",
      request: { params: serverPath },
      responses: { 204: { description: "Removed." } },
    }),
    async (c) => {
      const { projectId, serverId } = c.req.valid("param");
      await removeServer(app, c.var.caller.createdByUserId, projectId, serverId);
      return c.body(null, 204);
    },
  );

  api.openapi(
    serverOperation("read", {
      method: "get",
      path: "/projects/{projectId}/servers/{serverId}/tools",
      operationId: "listServerTools",
      summary: "A server's tools with their switches",
      request: { params: serverPath },
      responses: { 200: json(serverToolsSchema, "The server's tools.") },
    }),
    async (c) => {
      const { projectId, serverId } = c.req.valid("param");
      const view = await getServerTools(app, c.var.caller.createdByUserId, projectId, serverId);
      return c.json(
        {
          serverId: view.serverId,
          name: view.name,
          problem: view.problem,
          tools: view.tools.map(({ name, toolName, description, readOnly, destructive, enabled }) => ({
            name,
            toolName,
            description: description ?? "",
            readOnly,
            destructive,
            enabled,
          })),
        },
        200,
      );
    },
  );

  api.openapi(
    serverOperation("write", {
      method: "put",
      path: "/projects/{projectId}/servers/{serverId}/tools/{toolName}",
      operationId: "setToolEnabled",
      summary: "Switch one of a server's tools on or off",
      request: {
        params: toolPath,
        body: jsonBody(z.object({ enabled: z.boolean() }).meta({ id: "ToolSwitch" })),
      },
      responses: {
        200: json(
          z.object({ toolName: z.string(), enabled: z.boolean() }),
          "The tool's switch as it is now.",
        ),
      },
    }),
    async (c) => {
      const params = c.req.valid("param");
      const switched = await setServerToolEnabled(app, c.var.caller.createdByUserId, {
        ...params,
        enabled: c.req.valid("json").enabled,
      });
      return c.json(switched, 200);
    },
  );
}
