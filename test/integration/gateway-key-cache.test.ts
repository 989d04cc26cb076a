// The API key cache reads a key once however many requests need it at the same moment on a cold cache;
// an entry past its time to live is re-read in the background while requests go on with it (up to a
// limit), and a read that overlaps a revocation is not cached.

import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiKey } from "~/server/db/schema/index.ts";
import { PrincipalResolver } from "~/server/gateway/auth/authenticate.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
let key: { id: string; secret: string };

beforeAll(async () => {
  key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The resolver's private database read of one key, by the hash of its secret. */
type KeyReader = { loadApiKey: (hash: string) => Promise<unknown> };

/** A resolver whose database reads are counted. */
function countingResolver() {
  const resolver = new PrincipalResolver(app);
  const reads = vi.spyOn(resolver as unknown as KeyReader, "loadApiKey");
  return { resolver, reads };
}

const resolveMany = (resolver: PrincipalResolver, count: number) =>
  Promise.all(Array.from({ length: count }, () => resolver.resolve(key.secret, app)));

describe("API key cache", () => {
  it("reads a key once for many simultaneous requests on a cold cache", async () => {
    const { resolver, reads } = countingResolver();
    const principals = await resolveMany(resolver, 50);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(new Set(principals.map((principal) => principal?.apiKeyId))).toEqual(new Set([key.id]));
  });

  it("answers from a stale entry while one background read refreshes it", async () => {
    const realRead = (PrincipalResolver.prototype as unknown as KeyReader).loadApiKey;
    const { resolver, reads } = countingResolver();
    const other = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Stale" });
    await resolver.resolve(other.secret, app);
    expect(reads).toHaveBeenCalledTimes(1);

    // Revoked behind the cache's back (no invalidation), and the refresh held until released: requests
    // that find the entry stale must not wait for it.
    await app.db.update(apiKey).set({ revokedAt: new Date() }).where(eq(apiKey.id, other.id));
    let releaseRead!: () => void;
    const readMayFinish = new Promise<void>((resolve) => {
      releaseRead = resolve;
    });
    reads.mockImplementationOnce(async (hash: string) => {
      await readMayFinish;
      return realRead.call(resolver, hash);
    });
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 31_000);
    const principals = await Promise.all(
      Array.from({ length: 50 }, () => resolver.resolve(other.secret, app)),
    );
    expect(principals.every((principal) => principal?.apiKeyId === other.id)).toBe(true);
    expect(reads).toHaveBeenCalledTimes(2);

    releaseRead();
    await vi.waitFor(async () => expect(await resolver.resolve(other.secret, app)).toBeNull());
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it("waits for the read once an entry is too old to use", async () => {
    const { resolver, reads } = countingResolver();
    const other = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Old" });
    await resolver.resolve(other.secret, app);
    await app.db.update(apiKey).set({ revokedAt: new Date() }).where(eq(apiKey.id, other.id));
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 61_000);
    expect(await resolver.resolve(other.secret, app)).toBeNull();
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it("drops a stale entry whose refresh failed, so the next request reads for itself", async () => {
    const { resolver, reads } = countingResolver();
    await resolver.resolve(key.secret, app);
    reads.mockRejectedValueOnce(new Error("database unavailable"));
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 31_000);
    expect((await resolver.resolve(key.secret, app))?.apiKeyId).toBe(key.id);
    expect(reads).toHaveBeenCalledTimes(2);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the failed read's handlers have run
    // The failed refresh removed the entry: this request reads again rather than using it.
    expect((await resolver.resolve(key.secret, app))?.apiKeyId).toBe(key.id);
    expect(reads).toHaveBeenCalledTimes(3);
  });

  it("does not cache a read that was under way when the project's keys changed", async () => {
    const realRead = (PrincipalResolver.prototype as unknown as KeyReader).loadApiKey;
    const { resolver, reads } = countingResolver();
    let releaseRead!: () => void;
    const readMayFinish = new Promise<void>((resolve) => {
      releaseRead = resolve;
    });
    reads.mockImplementationOnce(async (hash: string) => {
      const loaded = await realRead.call(resolver, hash);
      await readMayFinish;
      return loaded;
    });

    const slow = resolver.resolve(key.secret, app);
    await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(1));
    await world.ownerA.caller.apiKeys.revoke({ projectId: world.projectA.id, keyId: key.id });
    resolver.forgetProject(world.projectA.id);
    releaseRead();
    // The request that raced the revocation gets what it read; the next one reads again and is refused.
    expect((await slow)?.apiKeyId).toBe(key.id);
    expect(await resolver.resolve(key.secret, app)).toBeNull();
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it("keeps good keys cached however many unknown keys are tried", async () => {
    const good = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Good" });
    const { resolver, reads } = countingResolver();
    expect((await resolver.resolve(good.secret, app))?.apiKeyId).toBe(good.id);
    expect(reads).toHaveBeenCalledTimes(1);
    // Unknown keys answered without the database, so the flood is quick; what matters is the cache.
    reads.mockImplementation(async () => ({ principal: null, expiresAt: null }));
    const junk = Array.from({ length: 60_000 }, () => `ptk_${randomBytes(32).toString("base64url")}`);
    for (let start = 0; start < junk.length; start += 5_000) {
      await Promise.all(junk.slice(start, start + 5_000).map((secret) => resolver.resolve(secret, app)));
    }
    const readsAfterFlood = reads.mock.calls.length;
    expect((await resolver.resolve(good.secret, app))?.apiKeyId).toBe(good.id);
    expect(reads).toHaveBeenCalledTimes(readsAfterFlood);
  });

  it("remembers recent unknown keys without a database read each time", async () => {
    const { resolver, reads } = countingResolver();
    const unknown = `ptk_${randomBytes(32).toString("base64url")}`;
    expect(await resolver.resolve(unknown, app)).toBeNull();
    expect(await resolver.resolve(unknown, app)).toBeNull();
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
