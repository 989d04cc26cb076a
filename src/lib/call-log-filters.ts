// The call log's filters, shared by the page's URL (validateSearch) and the callLog.list procedure, so
// a link such as the overview's "Errors" figure and the query it leads to read the same fields.
import { z } from "zod";

/** Calls of the standard tools, which belong to no project server. */
export const STANDARD_SERVER_FILTER = "standard";

/**
 * Who made the call: "agents" (everything but the playground), "playground", one API key
 * ("key:<id>") or one OAuth client ("oauth:<clientId>").
 */
export const callerFilter = z
  .string()
  .max(200)
  .regex(/^(agents|playground|key:.+|oauth:.+)$/, "Unknown caller filter");

const instant = z.iso.datetime({ offset: true, message: "Use an ISO 8601 date and time" });

export const callLogFilters = z.object({
  /** Part of the tool's name, case-insensitive. */
  tool: z.string().trim().max(64).optional(),
  /** A project server's id, or STANDARD_SERVER_FILTER. */
  server: z.string().trim().min(1).max(128).optional(),
  status: z.enum(["success", "error"]).optional(),
  caller: callerFilter.optional(),
  /** Calls at or after this instant. */
  from: instant.optional(),
  /** Calls before this instant. */
  to: instant.optional(),
});

export type CallLogFilters = z.infer<typeof callLogFilters>;

/** The URL's filters: like the procedure's, but a malformed value is dropped instead of failing the page. */
export function callLogSearch(search: Record<string, unknown>): CallLogFilters {
  const result: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(callLogFilters.shape)) {
    const parsed = schema.safeParse(search[key]);
    if (parsed.success && parsed.data !== undefined && parsed.data !== "") result[key] = parsed.data;
  }
  return result as CallLogFilters;
}

export const CALL_LOG_PAGE_SIZE = 50;
