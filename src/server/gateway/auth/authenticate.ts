// Bearer token → Principal. API keys are cached in process by the hash of their secret (the hot path
// does one SHA-256 and a map lookup); the cache is dropped for a project when its keys or access change
// (see gateway.ts). A key missing from the cache is read once however many requests ask for it
// meanwhile. An entry older than KEY_CACHE_TTL_MS is re-read in the background while requests go on
// with it: when every request waited for that read, each busy key stalled all its calls every 30 s for
// as long as the read queued behind the call log on the database (on the embedded database, a thread
// at idle priority). OAuth access tokens are verified by the authorization server's code on every call,
// so revoking a client takes effect on the next request.
//
// Unknown keys (a flood of random "ptk_…" tokens) are remembered apart from known ones, in a smaller
// map of their own: when both shared one map, 50,000 junk entries cleared it, valid keys included, and
// every agent's next call waited for a database read. Each map drops its oldest entry when full.
// A key that was never created is refused without any read (known-key-hashes.ts), and an address
// whose tokens keep failing is refused before the database is asked (failed-auth-limit.ts); neither is
// consulted for a key already cached, so a valid call does no more work than before.
import { and, eq, isNull } from "drizzle-orm";
import { hashApiKeySecret, looksLikeApiKey } from "../../api-keys/api-key-secret.ts";
import type { Database } from "../../db/client.ts";
import { apiKey, project } from "../../db/schema/index.ts";
import { ExternalUserPrincipals } from "../../external-users/external-user-principals.ts";
import {
  EXTERNAL_USER_TOKEN_PREFIX,
  looksLikeExternalUserToken,
} from "../../external-users/external-user-secrets.ts";
import { looksLikeManagementToken } from "../../manage-tokens/management-token-secret.ts";
import { type TokenCheckServices, verifyOAuthAccessToken } from "../../oauth/verify-access-token.ts";
import { findProjectAccess } from "../../projects/access.ts";
import { FailedAuthLimit } from "./failed-auth-limit.ts";
import { KnownKeyHashes, keyHashPrefix } from "./known-key-hashes.ts";
import type { Principal } from "./principal.ts";

const KEY_CACHE_TTL_MS = 30_000;
/** Past this age an entry is not used while it is re-read (the database is not answering, say). */
const KEY_CACHE_MAX_STALE_MS = 2 * KEY_CACHE_TTL_MS;
const KEY_CACHE_MAX_ENTRIES = 50_000;
/** Unknown (or no longer usable) keys remembered, so retrying one costs no database read for a while. */
const UNKNOWN_KEY_MAX_ENTRIES = 10_000;

/** Too many failed authentications from the caller's address: refused before the database. */
export interface TooManyFailures {
  retryAfterSeconds: number;
}

/** The caller's address, worked out only when a token needs the database (client-address.ts). */
export type AddressOf = () => string | undefined;

const noAddress: AddressOf = () => undefined;

interface CachedKey {
  principal: Principal | null;
  expiresAt: number | null;
  cachedAt: number;
}

export class PrincipalResolver {
  private readonly keys = new Map<string, CachedKey>();
  /** Hash → when it was found unknown; kept apart so junk never pushes a known key out. */
  private readonly unknownKeys = new Map<string, number>();
  private readonly loadingKeys = new Map<string, Promise<CachedKey>>();
  /** Bumped when cached keys are dropped, so a read begun before that is not cached after it. */
  private generation = 0;
  private readonly projectOrganizations = new Map<string, string>();

  private readonly app: { db: Database };
  /** Every key's hash prefix; consulted only for a key not cached. Unloaded, it lets every key be read. */
  readonly knownKeys: KnownKeyHashes;
  readonly failures = new FailedAuthLimit();
  /** External users' "pxu_" tokens: reached only by that prefix, after the API-key check. */
  private readonly externalUsers: ExternalUserPrincipals;

  /** `listening`: whether cross-replica notifications arrive now (DatabaseHandle.listening). */
  constructor(app: { db: Database }, listening: () => boolean = () => false) {
    this.app = app;
    this.knownKeys = new KnownKeyHashes(() => this.readKnownKeys(), listening);
    this.externalUsers = new ExternalUserPrincipals(app);
  }

  /** The Authorization header's bearer token, or null when there is none. */
  static bearerToken(header: string | null): string | null {
    const match = header ? /^Bearer[ \t]+([^\s]+)\s*$/i.exec(header) : null;
    return match?.[1] ?? null;
  }

  /** Without the caller's address nothing is counted, so nothing is refused for failures. */
  resolve(token: string, app: TokenCheckServices): Promise<Principal | null>;
  resolve(
    token: string,
    app: TokenCheckServices,
    addressOf: AddressOf,
  ): Promise<Principal | null | TooManyFailures>;
  async resolve(
    token: string,
    app: TokenCheckServices,
    addressOf: AddressOf = noAddress,
  ): Promise<Principal | null | TooManyFailures> {
    if (looksLikeApiKey(token)) return this.resolveApiKey(token, addressOf);
    // Never an OAuth token, and not for this door: refused without a read (admission.ts says why).
    if (looksLikeManagementToken(token)) return null;
    // Every OAuth token is a read: an address past its failures gets none.
    const address = addressOf();
    const retryAfterSeconds = this.failures.retryAfterSeconds(address);
    if (retryAfterSeconds > 0) return { retryAfterSeconds };
    if (token.startsWith(EXTERNAL_USER_TOKEN_PREFIX)) {
      const external = looksLikeExternalUserToken(token) ? await this.externalUsers.resolve(token) : null;
      return external ?? this.refused(address);
    }
    const grant = await verifyOAuthAccessToken(app, token);
    const organizationId = grant ? await this.organizationOf(grant.projectId) : null;
    if (!grant || !organizationId) {
      this.failures.failed(address);
      return null;
    }
    return {
      projectId: grant.projectId,
      organizationId,
      kind: "oauth",
      apiKeyId: null,
      oauthClientId: grant.clientId,
      oauthClientName: grant.clientName,
      callerName: grant.clientName ?? grant.clientId,
      userId: grant.userId,
      // An OAuth token is its person.
      person: grant.userId,
    };
  }

  /** Drops every cached key of a project (keys revoked, members removed, project deleted). */
  forgetProject(projectId: string): void {
    this.abandonReadsUnderWay();
    this.externalUsers.forgetProject(projectId);
    for (const [hash, entry] of this.keys) {
      if (entry.principal?.projectId === projectId) this.keys.delete(hash);
    }
  }

  forgetAll(): void {
    this.abandonReadsUnderWay();
    this.externalUsers.forgetAll();
    this.keys.clear();
    this.unknownKeys.clear();
  }

  /** A key was created, here or on another replica: it may now be read. */
  keyCreated(hashPrefix: string): void {
    this.knownKeys.add(hashPrefix);
  }

  /** Reads begun before a change are not cached, and requests after it start a read of their own. */
  private abandonReadsUnderWay(): void {
    this.generation++;
    this.loadingKeys.clear();
  }

  private async resolveApiKey(
    secret: string,
    addressOf: AddressOf,
  ): Promise<Principal | null | TooManyFailures> {
    const hash = hashApiKeySecret(secret);
    let entry = this.keys.get(hash);
    if (!entry) {
      const unknownSince = this.unknownKeys.get(hash);
      if (unknownSince !== undefined && Date.now() - unknownSince <= KEY_CACHE_TTL_MS) {
        return this.refused(addressOf());
      }
      if (unknownSince !== undefined) this.unknownKeys.delete(hash);
      // Never created (beyond a few reads a second for keys created elsewhere a moment ago): no read.
      if (!this.knownKeys.worthReading(hash)) return this.refused(addressOf());
      const address = addressOf();
      const retryAfterSeconds = this.failures.retryAfterSeconds(address);
      if (retryAfterSeconds > 0) return { retryAfterSeconds };
      entry = await this.readKey(hash);
      if (!entry.principal) return this.refused(address);
    } else {
      const age = Date.now() - entry.cachedAt;
      if (age > KEY_CACHE_MAX_STALE_MS) entry = await this.readKey(hash);
      else if (age > KEY_CACHE_TTL_MS) this.refreshInBackground(hash, entry);
    }
    if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) return null;
    return entry.principal;
  }

  private refused(address: string | undefined): null {
    this.failures.failed(address);
    return null;
  }

  /** The hash prefix of every key not revoked, for `knownKeys`. */
  private async readKnownKeys(): Promise<string[]> {
    const rows = await this.app.db
      .select({ secretHash: apiKey.secretHash })
      .from(apiKey)
      .where(isNull(apiKey.revokedAt));
    return rows.map((row) => keyHashPrefix(row.secretHash));
  }

  /** Re-reads a stale entry; if that fails the entry goes, so the next request reads (and fails) itself. */
  private refreshInBackground(hash: string, stale: CachedKey): void {
    if (this.loadingKeys.has(hash)) return;
    this.readKey(hash).catch(() => {
      if (this.keys.get(hash) === stale) this.keys.delete(hash);
    });
  }

  /** Reads a key into the cache; requests arriving while it is read share the one read. */
  private readKey(hash: string): Promise<CachedKey> {
    const inFlight = this.loadingKeys.get(hash);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const cachedAt = Date.now();
    const reading = this.loadApiKey(hash)
      .then((loaded) => {
        const entry = { ...loaded, cachedAt };
        if (generation === this.generation) this.remember(hash, entry);
        return entry;
      })
      .finally(() => {
        if (this.loadingKeys.get(hash) === reading) this.loadingKeys.delete(hash);
      });
    this.loadingKeys.set(hash, reading);
    return reading;
  }

  /** Caches a read: a usable key in `keys`, an unknown one in `unknownKeys`, each bounded. */
  private remember(hash: string, entry: CachedKey): void {
    if (entry.principal === null) {
      this.keys.delete(hash);
      this.unknownKeys.delete(hash);
      if (this.unknownKeys.size >= UNKNOWN_KEY_MAX_ENTRIES) this.dropOldest(this.unknownKeys);
      this.unknownKeys.set(hash, entry.cachedAt);
      return;
    }
    if (!this.keys.has(hash) && this.keys.size >= KEY_CACHE_MAX_ENTRIES) this.dropOldest(this.keys);
    this.keys.set(hash, entry);
  }

  /** Maps iterate in insertion order: the first entry is the one cached longest ago. */
  private dropOldest(map: Map<string, unknown>): void {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }

  private async loadApiKey(hash: string): Promise<Omit<CachedKey, "cachedAt">> {
    const [row] = await this.app.db
      .select({
        id: apiKey.id,
        name: apiKey.name,
        kind: apiKey.kind,
        projectId: apiKey.projectId,
        createdBy: apiKey.createdBy,
        expiresAt: apiKey.expiresAt,
        organizationId: project.organizationId,
      })
      .from(apiKey)
      .innerJoin(project, eq(project.id, apiKey.projectId))
      .where(and(eq(apiKey.secretHash, hash), isNull(apiKey.revokedAt)));
    if (!row) return { principal: null, expiresAt: null };
    // A key works only while the person who created it can still reach the project.
    const access = await findProjectAccess(this.app.db, row.projectId, row.createdBy);
    if (!access) return { principal: null, expiresAt: null };
    return {
      principal: {
        projectId: row.projectId,
        organizationId: row.organizationId,
        kind: "api_key",
        apiKeyId: row.id,
        oauthClientId: null,
        oauthClientName: null,
        callerName: row.name,
        userId: row.createdBy,
        person: row.kind === "personal" ? row.createdBy : null,
      },
      expiresAt: row.expiresAt?.getTime() ?? null,
    };
  }

  private async organizationOf(projectId: string): Promise<string | null> {
    const known = this.projectOrganizations.get(projectId);
    if (known) return known;
    const [row] = await this.app.db
      .select({ organizationId: project.organizationId })
      .from(project)
      .where(eq(project.id, projectId));
    if (row) this.projectOrganizations.set(projectId, row.organizationId);
    return row?.organizationId ?? null;
  }
}
