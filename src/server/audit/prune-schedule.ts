// The server prunes its own audit log: a minute after start, then daily. Every replica does it; deleting
// by age is idempotent, so replicas need no coordination. Timers are unref'd: they never hold a
// process open.
const FIRST_RUN_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs `prune` on that schedule; returns the function that stops it. */
export function schedulePruning(prune: () => Promise<unknown>, onError: (error: unknown) => void) {
  const run = () => {
    prune().catch(onError);
  };
  const first = setTimeout(run, FIRST_RUN_MS);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
