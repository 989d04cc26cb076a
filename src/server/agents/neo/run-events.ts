// What a run page listens to while a run goes on in this process: "changed" after each write to the
// run (run-store.ts), and the plan and the answer as the model streams them (stored once complete).
// A listener on another process sees no events; it still reads the stored rows on its own clock
// (agent-run-stream.ts), so the page never depends on being served by the process running the run.
import { EventEmitter } from "node:events";

export type RunEvent = { kind: "changed" } | { kind: "plan" | "answer"; text: string };

const emitter = new EventEmitter();
// One listener per open run page; the default of 10 would warn on a busy run.
emitter.setMaxListeners(0);

// Set when the process begins to stop: every watch ends, so no run page holds the stop open.
const stopping = new AbortController();

export function endRunWatches(): void {
  stopping.abort();
}

export const runWatchesEnded = () => stopping.signal.aborted;

export function publishRun(runId: string, event: RunEvent): void {
  emitter.emit(runId, event);
}

/**
 * Events of one run as they come, for as long as `signal` is not aborted. Waiting gives up after
 * `idleMs` with `null`, so the caller can look at the stored run anyway.
 */
export function subscribeRun(runId: string) {
  const queue: RunEvent[] = [];
  let wake: (() => void) | null = null;
  const listener = (event: RunEvent) => {
    queue.push(event);
    wake?.();
  };
  emitter.on(runId, listener);
  return {
    /** Every event since the last call (at least one), or [] after `idleMs`, when aborted or stopping. */
    async next(idleMs: number, signal?: AbortSignal): Promise<RunEvent[]> {
      if (queue.length === 0 && !signal?.aborted && !stopping.signal.aborted) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener("abort", done);
            stopping.signal.removeEventListener("abort", done);
            wake = null;
            resolve();
          };
          const timer = setTimeout(done, idleMs);
          wake = done;
          signal?.addEventListener("abort", done, { once: true });
          stopping.signal.addEventListener("abort", done, { once: true });
        });
      }
      return queue.splice(0);
    },
    close() {
      emitter.off(runId, listener);
    },
  };
}
