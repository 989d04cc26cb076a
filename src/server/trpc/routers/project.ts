import { z } from "zod";
import { idField, projectDescriptionField, projectNameField } from "../../../lib/validation.ts";
import { TOOL_DISCOVERY_MODES } from "../../gateway/catalogue/tool-discovery.ts";
import { TOOL_NAME_PATTERN } from "../../gateway/catalogue/tool-types.ts";
import {
  createProject,
  deleteProject,
  getProjectById,
  getProjectStats,
  updateProject,
} from "../../projects/projects.ts";
import { MAX_PINNED_TOOLS, setPinnedTools, setToolDiscovery } from "../../projects/tool-discovery-setting.ts";
import {
  changesAccess,
  onDb,
  organizationProcedure,
  projectProcedure,
  projectQuery,
  router,
} from "../init.ts";
import { byProject } from "../inputs.ts";

export const projectRouter = router({
  getById: projectQuery("project.view", onDb(getProjectById)),
  getProjectStats: projectQuery("project.view", getProjectStats),
  create: organizationProcedure(
    "projects.create",
    z.object({
      organizationId: idField,
      name: projectNameField,
      description: projectDescriptionField.optional(),
      /** Governance's Protect writes (the app's create form turns it on for every new project). */
      protectWrites: z.boolean().optional(),
    }),
  ).mutation(({ ctx, input }) =>
    createProject(ctx.app.db, ctx.user.id, input.organizationId, input, ctx.app.config.baseUrl),
  ),
  update: projectProcedure(
    "project.rename",
    byProject.extend({ name: projectNameField, description: projectDescriptionField.optional() }),
  ).mutation(({ ctx, input }) => updateProject(ctx.app.db, ctx.user.id, input.projectId, input)),
  setToolDiscovery: projectProcedure(
    "tools.configure",
    byProject.extend({ toolDiscovery: z.enum(TOOL_DISCOVERY_MODES) }),
  ).mutation(({ ctx, input }) =>
    setToolDiscovery(ctx.app, ctx.user.id, input.projectId, input.toolDiscovery),
  ),
  setPinnedTools: projectProcedure(
    "tools.configure",
    byProject.extend({
      pinnedTools: z.array(z.string().regex(TOOL_NAME_PATTERN, "not a tool name")).max(MAX_PINNED_TOOLS),
    }),
  ).mutation(({ ctx, input }) => setPinnedTools(ctx.app, ctx.user.id, input.projectId, input.pinnedTools)),
  delete: projectProcedure("project.delete")
    .use(changesAccess)
    .mutation(({ ctx, input }) => deleteProject(ctx.app.db, ctx.user.id, input.projectId)),
});
