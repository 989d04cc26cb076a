// Every unexpected server error goes to the log and, when a DSN is configured, to Sentry with the
// signed-in user attached (requirements §8).
import * as Sentry from "@sentry/node";
import { withoutQueryParameters } from "../db/errors.ts";

interface ReportContext {
  user?: { id: string; email: string; name: string } | null;
  where?: string;
}

export function reportError(reported: unknown, context: ReportContext = {}): void {
  // A failed query's parameters (tokens, hashes, addresses) never reach the log or Sentry.
  const error = withoutQueryParameters(reported);
  console.error(`[portico] ${context.where ?? "error"}:`, error);
  Sentry.withScope((scope) => {
    if (context.user) {
      scope.setUser({ id: context.user.id, email: context.user.email, username: context.user.name });
    }
    if (context.where) scope.setTag("where", context.where);
    Sentry.captureException(error);
  });
}
