import { describe, expect, it } from "vitest";
import { createManagementRateLimiter, MANAGEMENT_RATE_LIMIT, managementRateLimit } from "./rate-limit.ts";

describe("management rate limit", () => {
  it("allows the limit per window, then refuses with the seconds left, per token", () => {
    const limit = createManagementRateLimiter(3, 60_000);
    const start = 1_000_000;
    expect([1, 2, 3].map(() => limit("token-a", start))).toEqual(Array(3).fill({ allowed: true }));
    expect(limit("token-a", start + 15_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    // Another token has its own window.
    expect(limit("token-b", start + 15_000)).toEqual({ allowed: true });
    // The window over, the token may go on.
    expect(limit("token-a", start + 60_000)).toEqual({ allowed: true });
  });

  it("the app's limiter allows MANAGEMENT_RATE_LIMIT a minute", () => {
    const id = `token-${crypto.randomUUID()}`;
    for (let index = 0; index < MANAGEMENT_RATE_LIMIT; index++) {
      expect(managementRateLimit(id).allowed).toBe(true);
    }
    const refused = managementRateLimit(id);
    expect(refused.allowed).toBe(false);
    expect(!refused.allowed && refused.retryAfterSeconds).toBeGreaterThan(0);
  });
});
