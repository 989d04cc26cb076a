// callLog.*: a project's tool calls, filtered and paged, and one call in full (usage/call-log.ts).
import { z } from "zod";
import { callLogFilters } from "../../../lib/call-log-filters.ts";
import { idField } from "../../../lib/validation.ts";
import { getCallLogFilterOptions, getProjectCall, listProjectCalls } from "../../usage/call-log.ts";
import { projectProcedure, router } from "../init.ts";
import { byProject } from "../inputs.ts";

export const callLogRouter = router({
  list: projectProcedure(
    "calls.view",
    byProject.extend({ filters: callLogFilters, cursor: z.string().max(512).nullish() }),
  ).query(({ ctx, input }) =>
    listProjectCalls(ctx.app, ctx.user.id, input.projectId, input.filters, input.cursor),
  ),
  get: projectProcedure(
    "calls.view",
    byProject.extend({ callId: idField, createdAt: z.coerce.date() }),
  ).query(({ ctx, input }) => getProjectCall(ctx.app, ctx.user.id, input)),
  /** The filters' choices; `person` and `connection` are the page's current ones, offered however old. */
  filterOptions: projectProcedure(
    "calls.view",
    byProject.extend({ person: idField.optional(), connection: idField.optional() }),
  ).query(({ ctx, input }) =>
    getCallLogFilterOptions(ctx.app, ctx.user.id, input.projectId, {
      person: input.person,
      connection: input.connection,
    }),
  ),
});
