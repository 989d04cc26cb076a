// Recognising PostgreSQL's errors whichever driver raised them (pg, PGlite in its worker thread) and
// however Drizzle wrapped them (its DrizzleQueryError keeps the driver's error as `cause`).

/** SQLSTATE 23505: a unique index refused the row. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Connection-level failures: the database is down, refusing connections or cut off, not a bad query. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "55000", // object_not_in_prerequisite_state: "database … is not currently accepting connections"
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection (?:timeout|timed out)|timeout exceeded when trying to connect|Client has encountered a connection error|not currently accepting connections|the database system is (?:starting up|shutting down)/i;

/** Whether `error` (or what it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The error as it may be logged. Drizzle's query errors end their message with the statement's
 * parameters ("params: …"), which are session tokens, key hashes and email addresses: a failed
 * session lookup wrote the bare token into the log. The statement stays, its parameters go.
 */
export function withoutQueryParameters(error: unknown): unknown {
  if (typeof error === "string") return withheldParameters(error);
  if (!(error instanceof Error) || !/\nparams: /.test(error.message)) return error;
  const safe = new Error(withheldParameters(error.message));
  safe.name = error.name;
  safe.stack = `${safe.name}: ${safe.message}\n${(error.stack ?? "")
    .split("\n")
    .filter((line) => line.startsWith("    at "))
    .join("\n")}`;
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined) (safe as { cause?: unknown }).cause = withoutQueryParameters(cause);
  return safe;
}

/** A message with a failed query's "params: …" tail withheld. */
const withheldParameters = (text: string) => text.replace(/\nparams: [\s\S]*$/, "\nparams: [withheld]");
