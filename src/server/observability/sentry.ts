// Server-side Sentry. Without SENTRY_DSN nothing is initialised and reportError only logs.
import * as Sentry from "@sentry/node";
import { sentrySampleRates } from "../../components/errors/sentry-options.ts";
import type { Config } from "../config.ts";

export function initServerErrorReporting(config: Pick<Config, "sentryDsn" | "environment">): boolean {
  if (!config.sentryDsn) return false;
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.environment,
    tracesSampleRate: sentrySampleRates(config.environment).tracesSampleRate,
    // The user is attached explicitly (id, email, name) per report; nothing else personal is sent.
    sendDefaultPii: false,
  });
  return true;
}

export const flushErrorReports = (timeoutMs = 2000) => Sentry.flush(timeoutMs);
