// auditLog.*: an organization's audit log (audit/audit-log.ts), owners and admins only.
import { z } from "zod";
import { auditLogFilters } from "../../../lib/audit-log-filters.ts";
import { idField } from "../../../lib/validation.ts";
import { listAuditActors, listAuditEvents } from "../../audit/audit-log.ts";
import { onDb, organizationProcedure, organizationQuery, router } from "../init.ts";

export const auditLogRouter = router({
  list: organizationProcedure(
    "auditLog.view",
    z.object({ organizationId: idField, filters: auditLogFilters, cursor: z.string().max(512).nullish() }),
  ).query(({ ctx, input }) =>
    listAuditEvents(ctx.app.db, ctx.user.id, input.organizationId, input.filters, input.cursor),
  ),
  actors: organizationQuery("auditLog.view", onDb(listAuditActors)),
});
