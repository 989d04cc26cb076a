// Browser-side error reporting (requirements §8): every caught error goes to Sentry with the signed-in user
// attached. The SDK is loaded only when the server provides a DSN, so it costs nothing otherwise.
import type { AnyRouter } from "@tanstack/react-router";
import { createIsomorphicFn } from "@tanstack/react-start";
import { reportError } from "~/server/observability/report-error.ts";
import type { ClientConfig } from "~/server/session/get-client-config.ts";
import { sentrySampleRates } from "./sentry-options.ts";

type SentryModule = typeof import("@sentry/react");

interface ReportedUser {
  id: string;
  email: string;
  name: string;
}

let sentry: Promise<SentryModule | null> | null = null;

/** Starts Sentry once per page load; a missing DSN leaves it off. Browser only. */
export function initErrorReporting(config: ClientConfig, router: AnyRouter): void {
  if (sentry || typeof window === "undefined") return;
  const dsn = config.sentryDsn;
  if (!dsn) {
    sentry = Promise.resolve(null);
    return;
  }
  sentry = import("@sentry/react").then((Sentry) => {
    Sentry.init({
      dsn,
      environment: config.environment,
      ...sentrySampleRates(config.environment),
      integrations: [Sentry.tanstackRouterBrowserTracingIntegration(router), Sentry.replayIntegration()],
      tracePropagationTargets: [config.baseUrl],
    });
    return Sentry;
  });
}

/** Attaches (or, with null, clears) the user on every later report. */
export function setReportedUser(user: ReportedUser | null): void {
  void sentry?.then((Sentry) =>
    Sentry?.setUser(user ? { id: user.id, email: user.email, username: user.name } : null),
  );
}

/** Errors caught while rendering: during SSR they go to the server's reporter, in the browser to Sentry. */
export const reportClientError = createIsomorphicFn()
  .server((error: unknown) => reportError(error, { where: "ssr" }))
  .client((error: unknown) => {
    console.error(error);
    void sentry?.then((Sentry) => Sentry?.captureException(error));
  });
