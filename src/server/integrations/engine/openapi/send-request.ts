// Sends one upstream request within the call's deadline. Idempotent calls are sent again after a
// network failure or a 429/502/503/504 with a short backoff (Retry-After honoured, capped); POST and
// PATCH are sent exactly once, since a lost answer does not mean the provider did nothing.
import type { App } from "../../../app-services.ts";
import type { Deadline } from "../../../deadline.ts";
import { type CallTrace, tracedUpstream } from "../../../observability/call-trace.ts";
import { type ConnectionAuth, fetchWithAuth } from "../connection-auth.ts";
import type { UpstreamRequest } from "./build-request.ts";

export const MAX_ATTEMPTS = 3;
const BASE_BACKOFF_MS = 250;
/** A longer Retry-After is not waited for: the call fails now rather than hold the agent. */
export const MAX_RETRY_AFTER_MS = 2_000;
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

export type SendOutcome =
  | { response: Response }
  | { failure: "timeout" }
  | { failure: "aborted" }
  | { failure: "network"; error: unknown };

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or null when absent/invalid. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });

/**
 * `deadline` is the call's time limit linked with the MCP client's cancellation. Whichever ends first
 * stops the exchange, and the outcome says which.
 */
export async function sendRequest(
  app: App,
  auth: ConnectionAuth,
  request: UpstreamRequest,
  options: { retryable: boolean; deadline: Deadline; integration: string; trace?: CallTrace | null },
): Promise<SendOutcome> {
  const { deadline } = options;
  const { signal, endsAt } = deadline;
  const stopped = (): SendOutcome | null =>
    deadline.timedOut() ? { failure: "timeout" } : signal.aborted ? { failure: "aborted" } : null;
  for (let attempt = 1; ; attempt++) {
    const last = !options.retryable || attempt >= MAX_ATTEMPTS;
    let wait: number;
    try {
      // Each attempt is its own upstream request: timed, traced, and given the call's traceparent.
      const response = await tracedUpstream(
        options.trace,
        { integration: options.integration, method: request.method, url: request.url },
        (traceparent) =>
          fetchWithAuth(app, auth, request.url, {
            method: request.method,
            headers: traceparent ? { ...request.headers, traceparent } : request.headers,
            body: request.body,
            signal,
          }),
        (answer) => answer.status,
      );
      if (last || !RETRYABLE_STATUSES.has(response.status)) return { response };
      const asked = retryAfterMs(response.headers.get("retry-after"));
      if (asked !== null && asked > MAX_RETRY_AFTER_MS) return { response };
      wait = asked ?? BASE_BACKOFF_MS * 2 ** (attempt - 1);
      if (Date.now() + wait >= endsAt) return { response };
      await response.body?.cancel();
    } catch (error) {
      const end = stopped();
      if (end) return end;
      if (last) return { failure: "network", error };
      wait = BASE_BACKOFF_MS * 2 ** (attempt - 1);
      if (Date.now() + wait >= endsAt) return { failure: "network", error };
    }
    await sleep(wait, signal);
    const end = stopped();
    if (end) return end;
  }
}
