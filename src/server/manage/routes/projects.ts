// Projects of the token's organization: list, create, read, rename, delete.
import { z } from "zod";
import { idField, projectDescriptionField, projectNameField } from "../../../lib/validation.ts";
import type { App } from "../../app-services.ts";
import { mcpResourceUrl } from "../../oauth/urls.ts";
import {
  createProject,
  deleteProject,
  getProjectById,
  listAccessibleProjects,
  updateProject,
} from "../../projects/projects.ts";
import { registerListRoute } from "../list-route.ts";
import type { ManageApi } from "../manage-env.ts";
import { familyOperations, json, jsonBody } from "../operation.ts";

export const projectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    /** The one MCP endpoint; the credential picks the project. */
    mcpUrl: z.string(),
    toolDiscovery: z.enum(["all", "search"]),
    protectWrites: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Project" });

type ProjectRow = {
  id: string;
  name: string;
  description: string;
  toolDiscovery: "all" | "search";
  protectWrites: boolean;
  createdAt: Date;
  updatedAt: Date;
};

const projectOut = (row: ProjectRow, baseUrl: string): z.infer<typeof projectSchema> => ({
  id: row.id,
  name: row.name,
  description: row.description,
  mcpUrl: mcpResourceUrl(baseUrl),
  toolDiscovery: row.toolDiscovery,
  protectWrites: row.protectWrites,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const projectPath = z.object({ projectId: idField.meta({ description: "The project's id." }) });

const createProjectBody = z
  .object({
    name: projectNameField,
    description: projectDescriptionField.optional(),
    /** Governance's Protect writes; on unless turned off. */
    protectWrites: z.boolean().default(true),
  })
  .meta({ id: "ProjectCreate" });

const updateProjectBody = z
  .object({ name: projectNameField, description: projectDescriptionField.optional() })
  .meta({ id: "ProjectUpdate" });

const projectOperation = familyOperations("projects", "Projects");

export function registerProjectRoutes(api: ManageApi, app: App) {
  const { db } = app;
  const baseUrl = app.config.baseUrl;

  registerListRoute(api, projectOperation, {
    path: "/projects",
    operationId: "listProjects",
    summary: "List the organization's projects",
    page: { item: projectSchema, id: "ProjectPage", noun: "projects" },
    load: (caller) => listAccessibleProjects(db, caller.createdByUserId, caller.organizationId),
    toItem: (row) => projectOut(row, baseUrl),
  });

  api.openapi(
    projectOperation("write", {
      method: "post",
      path: "/projects",
      operationId: "createProject",
      summary: "Create a project",
      request: { body: jsonBody(createProjectBody) },
      responses: { 201: json(projectSchema, "The new project.") },
    }),
    async (c) => {
      const { caller } = c.var;
      const created = await createProject(
        db,
        caller.createdByUserId,
        caller.organizationId,
        c.req.valid("json"),
        baseUrl,
      );
      return c.json(projectOut(created, baseUrl), 201);
    },
  );

  api.openapi(
    projectOperation("read", {
      method: "get",
      path: "/projects/{projectId}",
      operationId: "getProject",
      summary: "Read a project",
      request: { params: projectPath },
      responses: { 200: json(projectSchema, "The project.") },
    }),
    async (c) => {
      const row = await getProjectById(db, c.var.caller.createdByUserId, c.req.valid("param").projectId);
      return c.json(projectOut(row, baseUrl), 200);
    },
  );

  api.openapi(
    projectOperation("write", {
      method: "patch",
      path: "/projects/{projectId}",
      operationId: "updateProject",
      summary: "Rename a project or change its description",
      request: { params: projectPath, body: jsonBody(updateProjectBody) },
      responses: { 200: json(projectSchema, "The project as it is now.") },
    }),
    async (c) => {
      const updated = await updateProject(
        db,
        c.var.caller.createdByUserId,
        c.req.valid("param").projectId,
        c.req.valid("json"),
      );
      return c.json(projectOut(updated, baseUrl), 200);
    },
  );

  api.openapi(
    projectOperation("write", {
      method: "delete",
      path: "/projects/{projectId}",
      operationId: "deleteProject",
      summary: "Delete a project with its keys, servers, agents and call log",
      request: { params: projectPath },
      responses: { 204: { description: "Deleted." } },
    }),
    async (c) => {
      await deleteProject(db, c.var.caller.createdByUserId, c.req.valid("param").projectId);
      await app.gateway.invalidateProject("*");
      return c.body(null, 204);
    },
  );
}
