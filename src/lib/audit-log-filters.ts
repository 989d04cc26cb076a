// The audit log's filters as auditLog.list checks them; the page sends the same fields.
import { z } from "zod";
import { auditActionGroupIds } from "./audit-actions.ts";
import { idField } from "./validation.ts";

export const AUDIT_LOG_PAGE_SIZE = 50;

const instant = z.iso.datetime({ offset: true, message: "Use an ISO 8601 date and time" });

export const auditLogFilters = /* @__PURE__ */ z
  .object({
    group: z.enum(auditActionGroupIds).optional(),
    actorId: idField.optional(),
    projectId: idField.optional(),
    /** From this instant (inclusive) … */
    from: instant.optional(),
    /** … to this one (exclusive). */
    to: instant.optional(),
  })
  .refine((f) => !f.from || !f.to || new Date(f.from) < new Date(f.to), {
    message: "The start of the date range must be before its end",
    path: ["to"],
  });

export type AuditLogFilters = z.infer<typeof auditLogFilters>;
