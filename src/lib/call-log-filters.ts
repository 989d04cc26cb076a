// The call log's filters as the callLog.list procedure checks them: the same fields as the page's URL
// (call-log-search.ts), so a link such as the overview's "Errors" figure and its query agree.
import { z } from "zod";
import { CALLER_PATTERN } from "./call-log-search.ts";

export { CALL_LOG_PAGE_SIZE, STANDARD_SERVER_FILTER } from "./call-log-search.ts";

const instant = z.iso.datetime({ offset: true, message: "Use an ISO 8601 date and time" });

export const callLogFilters = z.object({
  tool: z.string().trim().max(64).optional(),
  server: z.string().trim().min(1).max(128).optional(),
  status: z.enum(["success", "error"]).optional(),
  caller: z.string().max(200).regex(CALLER_PATTERN, "Unknown caller filter").optional(),
  from: instant.optional(),
  to: instant.optional(),
});

export type CallLogFilters = z.infer<typeof callLogFilters>;
