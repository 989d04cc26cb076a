// What a failed query says (issue 43): what could not be loaded, why in words, never the transport's
// own text ("Unable to transform response from server" is tRPC's for an answer that was not its JSON:
// a proxy's error page, a restart under way).
import { isClientError } from "~/lib/query-retry.ts";
import { CONNECTION_MESSAGE } from "./error-copy.ts";
import { errorFacts } from "./error-facts.ts";

export const SERVER_TROUBLE_MESSAGE =
  "The server did not answer properly; it may be restarting. Try again in a moment.";
export const SIGNED_OUT_MESSAGE = "Your session has ended: sign in again to see this.";

const NO_RESPONSE =
  /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|fetch failed)$/;

/** The reason, as a sentence someone can act on. */
export function queryErrorReason(error: unknown): string {
  const facts = errorFacts(error);
  if (!facts.fromServer) {
    return facts.message && NO_RESPONSE.test(facts.message) ? CONNECTION_MESSAGE : SERVER_TROUBLE_MESSAGE;
  }
  if (facts.code === "UNAUTHORIZED" || facts.status === 401) return SIGNED_OUT_MESSAGE;
  if (!isClientError(error)) return SERVER_TROUBLE_MESSAGE;
  return facts.message ?? SERVER_TROUBLE_MESSAGE;
}

/**
 * Whether trying again may help: no answer, an unreadable one or a 5xx. A refusal (not found, not
 * allowed) is the error page's to explain.
 */
export function isRetryableQueryError(error: unknown): boolean {
  const facts = errorFacts(error);
  if (!facts.fromServer) return isTransportError(error);
  return !isClientError(error);
}

/** tRPC's client error without server data: the request failed on the way or the answer was unreadable. */
function isTransportError(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { name?: unknown }).name === "TRPCClientError"
  );
}
