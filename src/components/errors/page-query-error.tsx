// The page view of a query that failed for a reason trying again may cure (no answer, an unreadable
// one, a 5xx): the shared QueryError with Retry, in place of the page. Retry lets the failed queries
// fetch again, reloads the route and clears the error boundary. Loaded only when needed: the router's
// error component is on every page's first load.
import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { PageLandmark } from "~/components/ui/main-landmark.tsx";
import { QueryError } from "./query-error.tsx";
import { useErrorResponseStatus } from "./response-status.ts";

export default function PageQueryError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queries = useQueryErrorResetBoundary();
  const [retrying, setRetrying] = useState(false);
  useErrorResponseStatus(error);
  const retry = async () => {
    setRetrying(true);
    queries.reset();
    try {
      await router.invalidate();
    } finally {
      reset();
      setRetrying(false);
    }
  };
  return (
    <PageLandmark className="flex flex-col gap-4 px-4 py-10">
      <h1 className="text-xl font-semibold">This page could not be loaded</h1>
      <QueryError what="Its data" error={error} onRetry={retry} retrying={retrying} />
    </PageLandmark>
  );
}
