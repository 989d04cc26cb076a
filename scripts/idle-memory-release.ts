// Gives back the JS heap an idle server no longer uses (issue 46: idle RSS). V8 grows the young
// generation to --max-semi-space-size (2 × 64 MB, server-node-flags.ts) while the start loads the
// server bundle and again under load, and it shrinks it only in a garbage collection that finds the
// allocation rate low. An idle server allocates nothing, so it never collects: it kept those 128 MB,
// plus the start's garbage in the old and large-object spaces (~30 MB), for as long as it stayed idle.
// Measured on an existing data folder with no request after the start: heap 278 → 121 MB committed and
// RSS ~545 → ~360 MB once V8 had unmapped the freed pages.
//
// So once no request has arrived for a whole check interval and none is open, one full collection
// runs, and runs again only after the committed heap has grown by GROWTH_BYTES since: a server with a
// request now and then does not collect after each. A request that arrives during the collection
// waits for it (1.2-1.3 s for a 163 MB heap on the shared 2-core test machine at load average ~18;
// not measured on an idle machine); it only happens after a quiet interval, never under traffic.
import v8 from "node:v8";
import vm from "node:vm";
import { mallocTrim } from "./malloc-trim.ts";

/** How long without a request before the heap is collected, and how often that is checked. */
export const CHECK_INTERVAL_MS = 10_000;
/** Growth of the committed heap since the last collection that makes the next one worth its pause. */
export const GROWTH_BYTES = 16 * 1024 * 1024;
/** How long after a collection the C heap is trimmed (malloc-trim.ts). */
export const TRIM_DELAY_MS = 1000;

export interface IdleMemoryRelease {
  /** Called for every request, when it arrives. */
  requestArrived(): void;
  stop(): void;
}

export interface Collector {
  /** A full garbage collection, and the C heap's free pages given back. */
  collect: () => void;
  /** The committed size of the JS heap, bytes. */
  heapBytes: () => number;
}

/** V8's own full collection, without exposing `gc` to the application's global scope. */
function fullCollection(): () => void {
  v8.setFlagsFromString("--expose-gc");
  // A new context gets the gc function; the application's context does not.
  const gc = vm.runInNewContext("gc") as () => void;
  v8.setFlagsFromString("--no-expose-gc");
  return gc;
}

/** A trim of the C heap after each collection; `trim` is replaceable for tests. */
export function v8Collector(trim = mallocTrim()): Collector {
  const gc = fullCollection();
  return {
    collect: () => {
      gc();
      // The buffers the collection found dead are freed by a task that runs after it, so the trim
      // comes a moment later; it never keeps the process alive.
      if (trim) setTimeout(trim, TRIM_DELAY_MS).unref();
    },
    heapBytes: () => v8.getHeapStatistics().total_heap_size,
  };
}

/**
 * `openRequests` is how many requests are under way (serve.ts's graceful stopper counts them): a long
 * one (a run page's stream, a held tool call) keeps the server from counting as idle.
 */
export function releaseMemoryWhenIdle(
  openRequests: () => number,
  collector: Collector = v8Collector(),
): IdleMemoryRelease {
  // The start itself was the busy period: the first quiet interval after it collects.
  let arrivedSinceCheck = true;
  let heapAfterCollection = 0;
  const timer = setInterval(() => {
    if (arrivedSinceCheck || openRequests() > 0) {
      arrivedSinceCheck = false;
      return;
    }
    if (collector.heapBytes() - heapAfterCollection < GROWTH_BYTES) return;
    collector.collect();
    heapAfterCollection = collector.heapBytes();
  }, CHECK_INTERVAL_MS);
  // Never what keeps the process alive.
  timer.unref();
  return {
    requestArrived() {
      arrivedSinceCheck = true;
    },
    stop: () => clearInterval(timer),
  };
}
