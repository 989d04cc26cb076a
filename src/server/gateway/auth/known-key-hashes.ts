// Which API keys exist, held in memory, so that a key nobody was ever given is refused without a
// database read: 3,000 random "ptk_…" keys a second each cost a read, and those reads queued with the
// call log's and took a good key's p99 from 17 ms to 960 ms (issue 42). Only the first 64 bits of each
// key's hash are kept (a few dozen bytes a key): a junk key matches one by chance once in 2^64 / n
// tries, and a match only means the database is asked, as before.
//
// It stays right across replicas: the whole set is read at start and again after the listening
// connection was lost (notifications may have been missed); a new key is added here at once and on
// every other replica by its notification, sent before the key's secret is shown to anyone. Until the
// set is loaded, or while notifications are not being received, it answers "may exist" for every key,
// which is what the resolver did before. A revoked key stays in the set: the read then finds it revoked.
// A key created on another replica a moment ago may be used before its notification arrives (a client
// that got the secret from one replica and calls another at once): a few keys a second outside the set
// are still read (UNLISTED_READS_PER_SECOND, for the whole process), so that works, and a flood of junk
// keys costs the database at most that many reads a second, however many keys it sends.

/** The part of a key's SHA-256 hash (hex) the set keeps. */
export const keyHashPrefix = (secretHash: string) => secretHash.slice(0, 16);

/** Reads a second, for the whole process, of keys outside the set (and the burst allowed). */
export const UNLISTED_READS_PER_SECOND = 10;

export class KnownKeyHashes {
  private unlistedBudget = UNLISTED_READS_PER_SECOND;
  private budgetRefilledAt = 0;
  private hashes = new Set<string>();
  private loaded = false;
  /** Added while a reload is reading: the read may have started before they were committed. */
  private addedDuringLoad: string[] | null = null;
  private generation = 0;
  private readonly readAll: () => Promise<string[]>;
  private readonly listening: () => boolean;

  /** `readAll`: the hash prefixes of every usable key; `listening`: whether notifications arrive now. */
  constructor(readAll: () => Promise<string[]>, listening: () => boolean) {
    this.readAll = readAll;
    this.listening = listening;
  }

  /** Reads the whole set (at start, and after notifications may have been missed). */
  async reload(): Promise<void> {
    const generation = ++this.generation;
    this.loaded = false;
    this.addedDuringLoad = [];
    const prefixes = await this.readAll();
    if (generation !== this.generation) return;
    const next = new Set(prefixes);
    for (const prefix of this.addedDuringLoad) next.add(prefix);
    this.hashes = next;
    this.addedDuringLoad = null;
    this.loaded = true;
  }

  /** A key was created (here, or on another replica: its notification). */
  add(prefix: string): void {
    this.hashes.add(prefix);
    this.addedDuringLoad?.push(prefix);
  }

  /** Whether to read the key with this hash: listed, unsure (not loaded, not listening), or within the budget. */
  worthReading(secretHash: string, now = Date.now()): boolean {
    if (!this.loaded || !this.listening() || this.hashes.has(keyHashPrefix(secretHash))) return true;
    const refill = ((now - this.budgetRefilledAt) / 1000) * UNLISTED_READS_PER_SECOND;
    if (refill >= 1) {
      this.unlistedBudget = Math.min(UNLISTED_READS_PER_SECOND, this.unlistedBudget + Math.floor(refill));
      this.budgetRefilledAt = now;
    }
    if (this.unlistedBudget < 1) return false;
    this.unlistedBudget--;
    return true;
  }
}
