// The database going away (stopped, failing over, refusing connections) is not a client's mistake nor
// a bug to report per request: while PostgreSQL was stopped for 7.5 s, /mcp answered 629 × 500, each
// with a full query error in the log. Each door answers 503 with Retry-After instead, and the log says
// once that the database is unavailable and, when a request succeeds again, how many were refused.
import { isDatabaseUnavailable } from "../../db/errors.ts";
import { jsonRpcError } from "./json-rpc-error.ts";

export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = "Portico's database is unavailable; try again shortly";

let refusedSince: number | null = null;
let lastRefusedAt = 0;
let refused = 0;

/** Counts a request refused by an outage; only the first of each outage is logged. */
function noteOutage(error: unknown): void {
  refused++;
  lastRefusedAt = Date.now();
  if (refusedSince !== null) return;
  refusedSince = Date.now();
  const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
  console.warn(`[gateway] database unavailable (${reason}): answering 503 until it is back`);
}

/**
 * A request got through: ends an outage being counted (one comparison when there is none). A call
 * answered from caches during the outage does not end it: only one with no refusal for a while.
 */
export function noteDatabaseAnswered(): void {
  if (refusedSince === null || Date.now() - lastRefusedAt < RETRY_AFTER_SECONDS * 1000) return;
  const seconds = ((Date.now() - refusedSince) / 1000).toFixed(1);
  console.warn(`[gateway] database back after ${seconds} s; ${refused} requests were answered 503`);
  refusedSince = null;
  refused = 0;
}

/** The JSON-RPC 503 for /mcp when `error` is an outage; null for any other error. */
export function outageRpcResponse(error: unknown): Response | null {
  if (!isDatabaseUnavailable(error)) return null;
  noteOutage(error);
  return jsonRpcError(503, -32000, UNAVAILABLE_MESSAGE, { "retry-after": String(RETRY_AFTER_SECONDS) });
}

/** The REST facade's 503 when `error` is an outage; null for any other error. */
export function outageRestResponse(error: unknown): Response | null {
  if (!isDatabaseUnavailable(error)) return null;
  noteOutage(error);
  return Response.json(
    { error: { code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_MESSAGE } },
    { status: 503, headers: { "retry-after": String(RETRY_AFTER_SECONDS) } },
  );
}
