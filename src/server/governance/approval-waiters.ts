// Calls waiting on an approval's outcome (a retry with its id, a paused agent run) are woken when it
// is decided or its approved call has run, on whichever process decided it: one PostgreSQL notification
// per change on "portico_approval", carrying only the approval's id (the outcome is read from its row).
// The embedded database notifies its one process the same way. A notification lost while the listening
// connection was down only means the waiter looks again when its wait ends. A caller that read the row
// and then waits says when it read (`since`): a change that arrived in between ends the wait at once,
// where it would otherwise cost the caller its whole wait (up to 20 s for a retry, gate.ts).
import type { DatabaseHandle } from "../db/client.ts";

const CHANNEL = "portico_approval";
/** How long a change is remembered for waits that begin after it: far longer than a row read takes. */
const REMEMBERED_MS = 60_000;

export class ApprovalWaiters {
  private readonly waiting = new Map<string, Set<() => void>>();
  private readonly listeners = new Set<(id: string) => void>();
  /** When each approval last changed, oldest first; and when every approval may have (a reconnect). */
  private readonly changedAt = new Map<string, number>();
  private everythingChangedAt = Number.NEGATIVE_INFINITY;
  private database: DatabaseHandle | null = null;

  async listen(database: DatabaseHandle): Promise<void> {
    this.database = database;
    await database.listen(
      CHANNEL,
      (id) => this.wake(id),
      () => this.wakeAll(),
    );
  }

  /** Tells every process (this one included) that the approval changed. */
  async changed(id: string): Promise<void> {
    this.wake(id);
    await this.database?.notify(CHANNEL, id);
  }

  /**
   * Resolves when the approval changes, `ms` pass or `signal` aborts: the caller then reads its row.
   * `since`: when the caller last read the row (Date.now()); a change since then resolves at once.
   */
  wait(id: string, ms: number, signal?: AbortSignal, since?: number): Promise<void> {
    if (
      since !== undefined &&
      Math.max(this.changedAt.get(id) ?? since - 1, this.everythingChangedAt) >= since
    ) {
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      let set = this.waiting.get(id);
      if (!set) {
        set = new Set();
        this.waiting.set(id, set);
      }
      const waiters = set;
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiting.get(id) === waiters) this.waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener("abort", done, { once: true });
      waiters.add(done);
    });
  }

  /** Told of every approval's change, wherever decided (agents/neo/waiting-runs.ts); returns the unsubscribe. */
  onChange(listener: (id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private wake(id: string): void {
    this.remember(id);
    for (const done of [...(this.waiting.get(id) ?? [])]) done();
    for (const listener of [...this.listeners]) listener(id);
  }

  private wakeAll(): void {
    this.everythingChangedAt = Date.now();
    for (const id of [...this.waiting.keys()]) this.wake(id);
    for (const listener of [...this.listeners]) listener("");
  }

  private remember(id: string): void {
    const now = Date.now();
    this.changedAt.delete(id); // re-inserted last, so the map stays in order of change
    this.changedAt.set(id, now);
    for (const [oldId, at] of this.changedAt) {
      if (now - at <= REMEMBERED_MS) break;
      this.changedAt.delete(oldId);
    }
  }
}
