// Every call Portico makes to a provider goes through here: a time limit, no redirects followed
// (a token endpoint that redirects is misconfigured, and following would resend credentials).
export const PROVIDER_TIMEOUT_MS = 10_000;

export function providerFetch(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
}

/** A short, human reason for a failed call (timeouts and refused connections read well in the UI). */
export function networkReason(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError") return `no answer within ${PROVIDER_TIMEOUT_MS / 1000} s`;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
