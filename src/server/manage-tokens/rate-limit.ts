// Requests per management token: MANAGEMENT_RATE_LIMIT a minute, then 429 with Retry-After until the
// window ends. The counter is the gateway's fixed-window one (gateway/auth/failed-auth-limit.ts), keyed by
// token id instead of address and counting every request instead of failures; per process, like
// Better Auth's limits, so N replicas allow up to N times as much.
import { FailedAuthLimit } from "../gateway/auth/failed-auth-limit.ts";

export const MANAGEMENT_RATE_LIMIT = 600;
export const MANAGEMENT_RATE_WINDOW_MS = 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A limiter of its own (tests make one with a small limit); the app uses `managementRateLimit`. */
export function createManagementRateLimiter(
  limit = MANAGEMENT_RATE_LIMIT,
  windowMs = MANAGEMENT_RATE_WINDOW_MS,
): (tokenId: string, now?: number) => RateDecision {
  const windows = new FailedAuthLimit(limit, windowMs);
  return (tokenId, now = Date.now()) => {
    const retryAfterSeconds = windows.retryAfterSeconds(tokenId, now);
    if (retryAfterSeconds > 0) return { allowed: false, retryAfterSeconds };
    windows.failed(tokenId, now); // counts this request
    return { allowed: true };
  };
}

export const managementRateLimit = createManagementRateLimiter();
