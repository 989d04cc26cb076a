// Failed authentications per client address, counted before the database is asked: past the limit, an
// address's tokens that would need a database read (a key not cached, any OAuth token) are refused with
// 429 until its window ends. A key already cached as valid is never looked at here, so an agent's calls
// cost nothing more, and an address that floods cannot hold off anyone else's. The address is the
// connection's peer, or X-Forwarded-For's when the peer is one of TRUSTED_PROXIES (http/client-address.ts):
// a header the client writes is never believed on its own. Per process, like Better Auth's limits.

export const FAILED_AUTH_LIMIT = 100;
export const FAILED_AUTH_WINDOW_MS = 60_000;
/** Addresses remembered at most; the oldest window goes first (a flood from many addresses). */
const MAX_ADDRESSES = 50_000;

interface Window {
  failures: number;
  endsAt: number;
}

export class FailedAuthLimit {
  private readonly windows = new Map<string, Window>();
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit = FAILED_AUTH_LIMIT, windowMs = FAILED_AUTH_WINDOW_MS) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Seconds until `address` may try again; 0 when it may now. */
  retryAfterSeconds(address: string | undefined, now = Date.now()): number {
    if (!address) return 0;
    const window = this.windows.get(address);
    if (!window) return 0;
    if (window.endsAt <= now) {
      this.windows.delete(address);
      return 0;
    }
    return window.failures >= this.limit ? Math.ceil((window.endsAt - now) / 1000) : 0;
  }

  /** Counts one failed authentication from `address`. */
  failed(address: string | undefined, now = Date.now()): void {
    if (!address) return;
    const window = this.windows.get(address);
    if (window && window.endsAt > now) {
      window.failures++;
      return;
    }
    this.windows.delete(address);
    if (this.windows.size >= MAX_ADDRESSES) {
      const oldest = this.windows.keys().next();
      if (!oldest.done) this.windows.delete(oldest.value);
    }
    this.windows.set(address, { failures: 1, endsAt: now + this.windowMs });
  }
}
