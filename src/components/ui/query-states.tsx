// A section's body fed by one query: its placeholder while it loads, the failure with Retry, the empty
// state when there is nothing to show, else what the loaded data makes.
import type { ReactNode } from "react";
import { type FailedQuery, QueryResultError } from "~/components/errors/query-error.tsx";

/** The states of a React Query result that QueryStates tells apart. */
type QueryStatesQuery<T> = FailedQuery &
  ({ isPending: true } | { isPending: false; isError: true } | { isPending: false; isError: false; data: T });

const isEmptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

export function QueryStates<T>({
  query,
  what,
  pending,
  empty,
  isEmpty = isEmptyList,
  children,
}: {
  query: QueryStatesQuery<T>;
  /** What failed to load, as the error's subject: "The schedules". */
  what: string;
  pending: ReactNode;
  empty: ReactNode;
  /** When the loaded data counts as nothing to show; by default, an empty list. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return pending;
  if (query.isError) return <QueryResultError what={what} query={query} />;
  return isEmpty(query.data) ? empty : children(query.data);
}
