// During SSR, a page that shows an error should also answer with that error's HTTP status (a missing
// organization is a 404, not a 500). The router only knows "a load failed" (500), so the error view
// sets the status while rendering, before the response starts.
import { createIsomorphicFn } from "@tanstack/react-start";
import { setResponseStatus } from "@tanstack/react-start/server";
import { errorFacts } from "./error-facts.ts";

export function httpStatusOfError(error: unknown): number {
  const status = errorFacts(error).status;
  return status !== undefined && status >= 400 && status <= 599 ? status : 500;
}

export const useErrorResponseStatus = createIsomorphicFn()
  .server((error: unknown) => setResponseStatus(httpStatusOfError(error)))
  .client(() => {});

/** The same outside rendering, for a loader that tolerates a failure but should still answer its status. */
export const setErrorResponseStatus = useErrorResponseStatus;
