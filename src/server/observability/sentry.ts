// Server-side Sentry. Without SENTRY_DSN nothing is initialised and reportError only logs.
// @sentry/node (with the OpenTelemetry packages it brings) is loaded only when a DSN is configured:
// loaded, it is ~14 MB of JS heap and ~45 MB of RSS that a server without Sentry held (issue 46).
import { sentrySampleRates } from "../../components/errors/sentry-options.ts";
import type { Config } from "../config.ts";

type SentryNode = typeof import("@sentry/node");
let sentry: SentryNode | null = null;

/** The initialised Sentry SDK, or null without a DSN. */
export const serverSentry = (): SentryNode | null => sentry;

export async function initServerErrorReporting(
  config: Pick<Config, "sentryDsn" | "environment">,
): Promise<boolean> {
  if (!config.sentryDsn) return false;
  const Sentry = await import("@sentry/node");
  sentry = Sentry;
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.environment,
    tracesSampleRate: sentrySampleRates(config.environment).tracesSampleRate,
    // The user is attached explicitly (id, email, name) per report; nothing else personal is sent.
    sendDefaultPii: false,
  });
  return true;
}

export const flushErrorReports = async (timeoutMs = 2000): Promise<boolean> =>
  sentry ? sentry.flush(timeoutMs) : true;
