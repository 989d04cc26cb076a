// A time limit that also ends when the caller cancels, as one AbortSignal that is released as soon as
// the work is done. AbortSignal.any([caller, AbortSignal.timeout(ms)]) gives the same signal but keeps
// the timer and the signals alive for the whole limit after every call; at thousands of calls a second
// that garbage outlived young-generation collections and made each of them several times slower.
export interface Deadline {
  /** Aborted at the time limit (reason: a TimeoutError DOMException) or with the caller's reason. */
  signal: AbortSignal;
  /** When the limit passes, in Date.now() milliseconds. */
  endsAt: number;
  /** Whether it was the time limit, not the caller, that ended the work. */
  timedOut(): boolean;
  /** Clears the timer and unlinks the caller; call it once the work (body reading included) is over. */
  release(): void;
}

const ONCE = { once: true } as const;

export function startDeadline(
  caller: AbortSignal | undefined,
  timeoutMs: number,
  onTimeout?: () => void,
): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener("abort", onCallerAbort, ONCE);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
    onTimeout?.();
  }, timeoutMs);
  return {
    signal: controller.signal,
    endsAt: Date.now() + timeoutMs,
    timedOut: () => timedOut,
    release() {
      clearTimeout(timer);
      caller?.removeEventListener("abort", onCallerAbort);
    },
  };
}
