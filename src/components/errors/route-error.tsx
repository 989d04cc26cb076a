import { type ErrorComponentProps, useMatch } from "@tanstack/react-router";
import { DefaultError } from "./default-error.tsx";
import { errorFacts } from "./error-copy.ts";
import { ErrorPage } from "./error-page.tsx";

/**
 * The router's default error component. A failed load (beforeLoad/loader threw, so the match is in the
 * error state) or a server refusal met while rendering (a page's suspense query answered 404 for a
 * missing agent) gets the error page chosen by code, with its status; only a component that crashed
 * gets the generic view with the error's text behind a toggle.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const loadFailed = useMatch({ strict: false, select: (match) => match.status === "error" });
  const refused = isServerRefusal(error);
  return loadFailed || refused ? <ErrorPage error={error} /> : <DefaultError error={error} />;
}

function isServerRefusal(error: unknown): boolean {
  const { fromServer, status } = errorFacts(error);
  return fromServer && status !== undefined && status >= 400 && status < 500;
}
