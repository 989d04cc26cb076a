// The remote tool list per organization's integration, kept for a few minutes: tools/list from an agent
// must not cost a round trip to the provider each time. Concurrent callers share one in-flight fetch; a
// failed fetch is not kept, so the next caller tries again.
export class ToolCache<T> {
  private readonly entries = new Map<
    string,
    { fingerprint: string; fetchedAt: number; expiresAt: number; value: Promise<T> }
  >();

  private readonly ttlMs: number;

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  /**
   * The cached value for `key`, unless it expired, was fetched for another URL or key (`fingerprint`),
   * or was fetched before `notBefore` (epoch ms).
   */
  get(key: string, fingerprint: string, load: () => Promise<T>, notBefore = 0): Promise<T> {
    const now = Date.now();
    const cached = this.entries.get(key);
    if (
      cached &&
      cached.fingerprint === fingerprint &&
      cached.expiresAt > now &&
      cached.fetchedAt >= notBefore
    ) {
      return cached.value;
    }
    const entry = { fingerprint, fetchedAt: now, expiresAt: Number.POSITIVE_INFINITY, value: load() };
    this.entries.set(key, entry);
    entry.value.then(
      () => {
        entry.expiresAt = Date.now() + this.ttlMs;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  /** Drops every entry whose key `matches` (all connections of an organization's integration, say). */
  deleteWhere(matches: (key: string) => boolean): void {
    for (const key of this.entries.keys()) if (matches(key)) this.entries.delete(key);
  }
}
