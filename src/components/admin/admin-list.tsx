// What the site admin's list pages (users, sessions) share: the search box whose typing settles into
// the query (back to page 1), and the body that shows the query's error, its loading rows, the empty
// state (with a way out of a search that found nothing), or the table in a card with its pager.
import type { UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import { Search } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { QueryResultError } from "~/components/errors/query-error.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Label } from "~/components/ui/label.tsx";
import { BusySkeletons } from "~/components/ui/skeleton.tsx";
import { Pager } from "./pager.tsx";
import { useDebounced } from "./use-debounced.ts";

const skeletonRows = Array<string>(6).fill("h-10 w-full");

/**
 * A list's table state (search text, page, and whatever else it sorts by) with the typed search that
 * settles into it. It lives in the page, not the URL: route search validators would add to every first
 * load.
 */
export function useAdminListState<S extends { q: string; page: number }>(initial: S) {
  const [state, setState] = useState<S>(initial);
  const [typed, setTyped] = useState("");
  const settled = useDebounced(typed.trim());
  useEffect(() => {
    setState((current) => (current.q === settled ? current : { ...current, q: settled, page: 1 }));
  }, [settled]);
  const update = (patch: Partial<S>) => setState((current) => ({ ...current, ...patch }));
  return { state, update, typed, setTyped };
}

export function AdminSearchField({
  id,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex max-w-sm flex-col gap-2">
      <Label htmlFor={id}>Search</Label>
      <div className="relative">
        <Search className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
        <Input
          id={id}
          type="search"
          className="pl-8"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}

interface ListPage {
  page: number;
  pageSize: number;
  total: number;
}

export function AdminListBody<D extends ListPage, E>({
  query,
  what,
  searched,
  onClearSearch,
  empty,
  onPage,
  children,
}: {
  query: UseQueryResult<D, E>;
  /** The list in the error's words ("The users"). */
  what: string;
  /** The settled search text, "" when none. */
  searched: string;
  onClearSearch: () => void;
  empty: { icon: LucideIcon; title: string; description?: string };
  onPage: (page: number) => void;
  /** The table for a page of data. */
  children: (data: D) => ReactNode;
}) {
  return (
    <>
      {query.error ? <QueryResultError what={what} query={query} /> : null}
      {query.isPending ? (
        <BusySkeletons sizes={skeletonRows} />
      ) : query.data && query.data.total === 0 ? (
        <EmptyState
          icon={empty.icon}
          title={empty.title}
          description={empty.description}
          action={
            searched ? (
              <Button variant="outline" onClick={onClearSearch}>
                Clear the search
              </Button>
            ) : undefined
          }
        />
      ) : query.data ? (
        <Card>
          <CardContent className="pt-2">
            {children(query.data)}
            <Pager
              page={query.data.page}
              pageSize={query.data.pageSize}
              total={query.data.total}
              onPage={onPage}
            />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
