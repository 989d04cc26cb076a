// The fetch every LLM call uses. A user-supplied base URL (an OpenAI-compatible server) goes through
// the SSRF guard on every call, since its name may resolve elsewhere later than when it was saved.
import { fetchPublicUrl } from "../../security/ssrf-guard.ts";
import type { ResolvedEndpoint } from "./llm-endpoints.ts";

/** Long enough for a slow model's full answer; the run as a whole is bounded by its caller. */
export const LLM_CALL_TIMEOUT_MS = 120_000;

export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export function llmFetch(endpoint: ResolvedEndpoint, allowPrivateUrls: boolean): FetchFunction {
  if (!endpoint.userSupplied) {
    return (input, init) => {
      const timeout = AbortSignal.timeout(LLM_CALL_TIMEOUT_MS);
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      return fetch(input, { ...init, signal, redirect: "manual" });
    };
  }
  return (input, init) =>
    fetchPublicUrl(
      input instanceof Request ? input.url : String(input),
      (init ?? {}) as Parameters<typeof fetchPublicUrl>[1],
      { allowPrivateNetworks: allowPrivateUrls },
      { timeoutMs: LLM_CALL_TIMEOUT_MS, maxRedirects: 0 },
    );
}
