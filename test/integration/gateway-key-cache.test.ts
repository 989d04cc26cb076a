// The API key cache reads a key once however many requests need it at the same moment (on a cold cache,
// and each time a busy key's entry expires), and a read that overlaps a revocation is not cached.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "~/server/app.ts";
import { PrincipalResolver } from "~/server/gateway/authenticate.ts";
import { createTestApp } from "../support/app.ts";
import { buildWorld } from "./world.ts";

let app: App;
let world: Awaited<ReturnType<typeof buildWorld>>;
let key: { id: string; secret: string };

beforeAll(async () => {
  app = await createTestApp();
  world = await buildWorld(app);
  key = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" });
});
afterAll(async () => {
  await app?.database.close();
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

  it("refreshes an expired entry with one read shared by the requests that find it expired", async () => {
    const { resolver, reads } = countingResolver();
    await resolver.resolve(key.secret, app);
    await resolveMany(resolver, 20);
    expect(reads).toHaveBeenCalledTimes(1);

    const later = Date.now() + 31_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    const principals = await resolveMany(resolver, 50);
    expect(reads).toHaveBeenCalledTimes(2);
    expect(principals.every((principal) => principal?.apiKeyId === key.id)).toBe(true);
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
});
