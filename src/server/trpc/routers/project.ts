import { z } from "zod";
import { idField, projectDescriptionField, projectNameField } from "../../../lib/validation.ts";
import { TOOL_DISCOVERY_MODES } from "../../gateway/tool-discovery.ts";
import {
  createProject,
  deleteProject,
  getProjectById,
  getProjectStats,
  updateProject,
} from "../../projects/projects.ts";
import { setToolDiscovery } from "../../projects/tool-discovery-setting.ts";
import { accessChangingProcedure, protectedProcedure, router } from "../init.ts";

const byProject = z.object({ projectId: idField });

export const projectRouter = router({
  getById: protectedProcedure
    .input(byProject)
    .query(({ ctx, input }) => getProjectById(ctx.app.db, ctx.user.id, input.projectId)),
  getProjectStats: protectedProcedure
    .input(byProject)
    .query(({ ctx, input }) => getProjectStats(ctx.app, ctx.user.id, input.projectId)),
  create: protectedProcedure
    .input(
      z.object({
        organizationId: idField,
        name: projectNameField,
        description: projectDescriptionField.optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      createProject(ctx.app.db, ctx.user.id, input.organizationId, input, ctx.app.config.baseUrl),
    ),
  update: protectedProcedure
    .input(byProject.extend({ name: projectNameField, description: projectDescriptionField.optional() }))
    .mutation(({ ctx, input }) => updateProject(ctx.app.db, ctx.user.id, input.projectId, input)),
  setToolDiscovery: protectedProcedure
    .input(byProject.extend({ toolDiscovery: z.enum(TOOL_DISCOVERY_MODES) }))
    .mutation(({ ctx, input }) =>
      setToolDiscovery(ctx.app, ctx.user.id, input.projectId, input.toolDiscovery),
    ),
  delete: accessChangingProcedure
    .input(byProject)
    .mutation(({ ctx, input }) => deleteProject(ctx.app.db, ctx.user.id, input.projectId)),
});
