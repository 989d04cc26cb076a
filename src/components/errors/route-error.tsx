import { type ErrorComponentProps, useMatch } from "@tanstack/react-router";
import { DefaultError } from "./default-error.tsx";
import { ErrorPage } from "./error-page.tsx";

/**
 * The router's default error component. A failed load (beforeLoad/loader threw, so the match is in the
 * error state) gets the error page chosen by code; a component that crashed while rendering gets the
 * generic view with the error's text behind a toggle.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const loadFailed = useMatch({ strict: false, select: (match) => match.status === "error" });
  return loadFailed ? <ErrorPage error={error} /> : <DefaultError error={error} />;
}
