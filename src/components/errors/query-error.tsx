// The one view of a failed query (issue 43): what could not be loaded, why in a sentence, and Retry.
// Used in place (a card whose list failed) and as the page view when a page's own query failed.
import { RotateCcw } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";
import { queryErrorReason } from "./query-error-copy.ts";

export function QueryError({
  what,
  error,
  onRetry,
  retrying = false,
  className,
}: {
  /** What failed to load, as the sentence's subject: "The call log", "Your API keys". */
  what: string;
  error: unknown;
  onRetry: () => unknown;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      data-testid="query-error"
      className={cn(
        "flex flex-col items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm sm:flex-row sm:items-center",
        className,
      )}
    >
      <p className="flex-1">
        <span className="font-medium">{what} could not be loaded.</span>{" "}
        <span className="text-muted-foreground">{queryErrorReason(error)}</span>
      </p>
      <Button type="button" variant="outline" size="sm" disabled={retrying} onClick={() => void onRetry()}>
        <RotateCcw className="size-4" aria-hidden="true" /> {retrying ? "Retrying…" : "Retry"}
      </Button>
    </div>
  );
}

/** The query whose failure QueryResultError shows: its error, and refetching it as the retry. */
export interface FailedQuery {
  error: unknown;
  refetch: () => unknown;
  isFetching: boolean;
}

/** QueryError for a failed query as React Query gives it: Retry refetches it and waits while it does. */
export function QueryResultError({
  what,
  query,
  className,
}: {
  what: string;
  query: FailedQuery;
  className?: string;
}) {
  return (
    <QueryError
      what={what}
      error={query.error}
      onRetry={() => query.refetch()}
      retrying={query.isFetching}
      className={className}
    />
  );
}
