// The call log's filters as the callLog.list procedure checks them: the same fields as the page's URL
// (call-log-search.ts), so a link such as the overview's "Errors" figure and its query agree. The person
// and connection filters are read from the URL here too (parseCallLogView), beside call-log-search.ts's.
import { z } from "zod";
import { CALLER_PATTERN, type CallLogSearch, parseCallLogSearch } from "./call-log-search.ts";
import { idField } from "./validation.ts";

export { CALL_LOG_PAGE_SIZE, STANDARD_SERVER_FILTER } from "./call-log-search.ts";

const instant = z.iso.datetime({ offset: true, message: "Use an ISO 8601 date and time" });

export const callLogFilters = z.object({
  tool: z.string().trim().max(64).optional(),
  server: z.string().trim().min(1).max(128).optional(),
  status: z.enum(["success", "error"]).optional(),
  caller: z.string().max(200).regex(CALLER_PATTERN, "Unknown caller filter").optional(),
  /** The person the calls are attributed to (tool_call.user_id). */
  person: idField.optional(),
  /** The connection that served the calls (tool_call.connection_id). */
  connection: idField.optional(),
  from: instant.optional(),
  to: instant.optional(),
});

export type CallLogFilters = z.infer<typeof callLogFilters>;

/** The call log page's URL: call-log-search.ts's filters, plus the person and the connection. */
export interface CallLogView extends CallLogSearch {
  /** A user id: calls attributed to this person. */
  person?: string;
  /** A connection id: calls this connection served. */
  connection?: string;
}

/** An id as idField takes it (1 to 128 characters, trimmed); anything else is dropped, as the page does. */
const id = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" && value.trim().length <= 128 ? value.trim() : undefined;

/** The page's filters from its URL, malformed values dropped (the server answers them with a 400). */
export function parseCallLogView(input: Record<string, unknown> | CallLogView): CallLogView {
  const search = input as Record<string, unknown>;
  const view: CallLogView = parseCallLogSearch(search);
  const person = id(search.person);
  const connection = id(search.connection);
  if (person) view.person = person;
  if (connection) view.connection = connection;
  return view;
}
