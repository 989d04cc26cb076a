// Every unexpected server error goes to the log and, when a DSN is configured, to Sentry with the
// signed-in user attached (requirements §8).
import { withoutQueryParameters } from "../db/errors.ts";
import { serverSentry } from "./sentry.ts";

interface ReportContext {
  user?: { id: string; email: string; name: string } | null;
  where?: string;
  /** The agent run it happened in, so a report and the run page can be matched. */
  runId?: string;
}

export function reportError(reported: unknown, context: ReportContext = {}): void {
  // A failed query's parameters (tokens, hashes, addresses) never reach the log or Sentry.
  const error = withoutQueryParameters(reported);
  const run = context.runId ? ` (run ${context.runId})` : "";
  console.error(`[portico] ${context.where ?? "error"}${run}:`, error);
  const Sentry = serverSentry();
  if (!Sentry) return;
  Sentry.withScope((scope) => {
    if (context.user) {
      scope.setUser({ id: context.user.id, email: context.user.email, username: context.user.name });
    }
    if (context.where) scope.setTag("where", context.where);
    if (context.runId) scope.setTag("run_id", context.runId);
    Sentry.captureException(error);
  });
}
