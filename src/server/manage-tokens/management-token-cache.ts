// Management tokens resolved in process, by the hash of their secret, so a busy integration costs one
// SHA-256 and a map lookup per request, like an API key (gateway/auth/authenticate.ts). An entry is read
// again after CACHE_TTL_MS (a creator who stopped being an owner or admin, a token revoked on a replica
// whose notification was missed); a revoked token is dropped at once here and, through a database
// notification, on every other replica. Unknown tokens are remembered too (null), in the same bounded
// map: a map of at most MAX_ENTRIES drops its oldest entry when full.
import type { App } from "../app-services.ts";
import { reportError } from "../observability/report-error.ts";

export const CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;
/** Cross-replica "this token was revoked" (its id), or "*" after a reconnect: drop everything. */
export const REVOKED_CHANNEL = "portico_management_tokens";

export interface ManagementCaller {
  tokenId: string;
  organizationId: string;
  scopes: string[];
  createdByUserId: string;
}

export interface CachedToken {
  caller: ManagementCaller | null;
  expiresAt: number | null;
  cachedAt: number;
  /** When this process last wrote the token's last used at (last-used.ts). */
  lastUsedWrittenAt: number;
}

export class ManagementTokenCache {
  private readonly entries = new Map<string, CachedToken>();
  /** Bumped on every drop, so a read begun before a revoke is not cached after it. */
  generation = 0;

  get(hash: string, now = Date.now()): CachedToken | undefined {
    const entry = this.entries.get(hash);
    if (entry && now - entry.cachedAt > CACHE_TTL_MS) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry;
  }

  set(hash: string, entry: CachedToken): void {
    this.entries.delete(hash);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, entry);
  }

  forgetToken(tokenId: string): void {
    this.generation++;
    for (const [hash, entry] of this.entries) {
      if (entry.caller?.tokenId === tokenId) this.entries.delete(hash);
    }
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }
}

interface CacheState {
  cache: ManagementTokenCache;
  listening: Promise<void>;
}

const states = new WeakMap<App, CacheState>();

/** The app's cache, listening for revocations from other replicas from its first use. */
export async function managementTokenCache(app: App): Promise<ManagementTokenCache> {
  let state = states.get(app);
  if (!state) {
    const cache = new ManagementTokenCache();
    const listening = app.database
      .listen(
        REVOKED_CHANNEL,
        (payload) => (payload === "*" ? cache.forgetAll() : cache.forgetToken(payload)),
        () => cache.forgetAll(),
      )
      .catch((error: unknown) => {
        // Without notifications the cache still expires entries after CACHE_TTL_MS.
        reportError(error, { where: "management-token-cache" });
      });
    state = { cache, listening };
    states.set(app, state);
  }
  await state.listening;
  return state.cache;
}

/** A token was revoked: dropped here at once, and on every other replica by notification. */
export async function forgetRevokedToken(app: App, tokenId: string): Promise<void> {
  states.get(app)?.cache.forgetToken(tokenId);
  await app.database.notify(REVOKED_CHANNEL, tokenId);
}

/** Someone may have lost the role a token needs (changesAccess): every cached token is read again. */
export async function forgetAllManagementTokens(app: App): Promise<void> {
  states.get(app)?.cache.forgetAll();
  await app.database.notify(REVOKED_CHANNEL, "*");
}
