import { type ErrorComponentProps, useMatch } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { DefaultError } from "./default-error.tsx";
import { errorFacts } from "./error-facts.ts";
import { ErrorPage } from "./error-page.tsx";
import { isRetryableQueryError } from "./query-error-copy.ts";

const PageQueryError = lazy(() => import("./page-query-error.tsx"));

/**
 * The router's default error component. A query that failed for a reason trying again may cure (no
 * answer, an unreadable one, a 5xx) gets the shared query error with Retry; a failed load (beforeLoad/
 * loader threw, so the match is in the error state) or a server refusal met while rendering (a page's
 * suspense query answered 404 for a missing agent) gets the error page chosen by code, with its status;
 * only a component that crashed gets the generic view with the error's text behind a toggle.
 */
export function RouteError(props: ErrorComponentProps) {
  const loadFailed = useMatch({ strict: false, select: (match) => match.status === "error" });
  if (isRetryableQueryError(props.error)) {
    return (
      <Suspense fallback={null}>
        <PageQueryError {...props} />
      </Suspense>
    );
  }
  const refused = isServerRefusal(props.error);
  return loadFailed || refused ? <ErrorPage error={props.error} /> : <DefaultError error={props.error} />;
}

function isServerRefusal(error: unknown): boolean {
  const { fromServer, status } = errorFacts(error);
  return fromServer && status !== undefined && status >= 400 && status < 500;
}
