// The call log page's URL filters, read without zod: route options such as validateSearch ship in
// every page's entry bundle, which the landing page's budget keeps small. The server checks the same
// fields with zod (call-log-filters.ts); a malformed value here is dropped instead of failing the page.

/** Calls of the standard tools, which belong to no project server. */
export const STANDARD_SERVER_FILTER = "standard";
export const CALL_LOG_PAGE_SIZE = 50;

export interface CallLogSearch {
  /** Part of the tool's name, case-insensitive. */
  tool?: string;
  /** A project server's id, or STANDARD_SERVER_FILTER. */
  server?: string;
  status?: "success" | "error";
  /** "agents" (all but the playground), "playground", "key:<id>" or "oauth:<clientId>". */
  caller?: string;
  /** ISO 8601 instants: calls at or after `from`, before `to`. */
  from?: string;
  to?: string;
}

export const CALLER_PATTERN = /^(agents|playground|key:.+|oauth:.+)$/;
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const text = (value: unknown, max: number) =>
  typeof value === "string" && value.trim() !== "" && value.length <= max ? value.trim() : undefined;

const instant = (value: unknown) =>
  typeof value === "string" && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : undefined;

export function parseCallLogSearch(input: Record<string, unknown> | CallLogSearch): CallLogSearch {
  const search = input as Record<string, unknown>;
  const caller = text(search.caller, 200);
  const result: CallLogSearch = {
    tool: text(search.tool, 64),
    server: text(search.server, 128),
    status: search.status === "success" || search.status === "error" ? search.status : undefined,
    caller: caller && CALLER_PATTERN.test(caller) ? caller : undefined,
    from: instant(search.from),
    to: instant(search.to),
  };
  for (const key of Object.keys(result) as Array<keyof CallLogSearch>) {
    if (result[key] === undefined) delete result[key];
  }
  return result;
}
