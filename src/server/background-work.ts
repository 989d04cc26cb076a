// Work a request starts and does not wait for (e-mails, webhook events): a failure is reported under
// `where`, never thrown at the caller, and each app instance keeps what is still under way, so tests
// and a clean stop can wait for it.
import type { App } from "./app-services.ts";
import { reportError } from "./observability/report-error.ts";

export function backgroundWork(where: string) {
  const runningByApp = new WeakMap<App, Set<Promise<void>>>();
  return {
    /** Lets `work` run on without the caller, kept until it ends. */
    start(app: App, work: Promise<void>): void {
      let running = runningByApp.get(app);
      if (!running) {
        running = new Set();
        runningByApp.set(app, running);
      }
      const pending = running;
      const tracked = work
        .catch((error) => reportError(error, { where }))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    /** Resolves once the work started on `app` so far has ended. */
    async settled(app: App): Promise<void> {
      await Promise.all([...(runningByApp.get(app) ?? [])]);
    },
  };
}
