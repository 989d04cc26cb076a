// Retry policy for React Query. The default (3 retries, exponential backoff) kept a page on "Loading…"
// for ~7 s before its error showed when the server refused or was unreachable. A refusal (4xx: bad
// input, not signed in, forbidden, not found, conflict, rate limited) will not change on retry, so it
// shows at once; a network failure or 5xx is retried once, quickly.

/** Longest number of retries for a failure that might be transient. */
export const MAX_TRANSIENT_RETRIES = 1;

/** Delay before the one retry, in ms: short, so the error view is not held back. */
export const RETRY_DELAY_MS = 300;

/** HTTP status of a tRPC error (TRPCClientError's data.httpStatus), read structurally so this file
 * imports nothing and stays out of the way of the entry bundle. */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== "object" || data === null) return undefined;
  const status = (data as { httpStatus?: unknown }).httpStatus;
  return typeof status === "number" ? status : undefined;
}

/** Client-side tRPC codes (tRPC maps each to a 4xx); used when no httpStatus came with the error. */
const CLIENT_ERROR_CODES = new Set([
  "PARSE_ERROR",
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "PAYMENT_REQUIRED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_SUPPORTED",
  "TIMEOUT",
  "CONFLICT",
  "PRECONDITION_FAILED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "UNPROCESSABLE_CONTENT",
  "TOO_MANY_REQUESTS",
  "CLIENT_CLOSED_REQUEST",
]);

/** A refusal (4xx): the same request gets the same answer, unlike a network failure or a 5xx. */
export function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== undefined) return status >= 400 && status < 500;
  if (typeof error !== "object" || error === null) return false;
  const data = (error as { data?: unknown }).data;
  const code = typeof data === "object" && data !== null ? (data as { code?: unknown }).code : undefined;
  return typeof code === "string" && CLIENT_ERROR_CODES.has(code);
}

/** React Query `retry` for queries: never for a refusal, at most once for anything else. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isClientError(error)) return false;
  return failureCount < MAX_TRANSIENT_RETRIES;
}

/** React Query `retryDelay`: one short pause. */
export function queryRetryDelay(): number {
  return RETRY_DELAY_MS;
}
