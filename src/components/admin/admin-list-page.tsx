// The site admin's list page (users, sessions): its header, the search box, and the table of the page
// of results, with what AdminListBody shows instead while loading, on an error or when nothing matched.
import type { UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Table, TableBody, TableHeaderWithActions } from "~/components/ui/table.tsx";
import { AdminListBody, AdminSearchField, type useAdminListState } from "./admin-list.tsx";

type AdminList = ReturnType<typeof useAdminListState<{ q: string; page: number }>>;

export function AdminListPage<D extends { page: number; pageSize: number; total: number }, E>({
  title,
  description,
  search,
  list,
  query,
  what,
  empty,
  tableTestId,
  columns,
  children,
}: {
  title: string;
  description: string;
  /** The search box's id and its example of what can be searched. */
  search: { id: string; placeholder: string };
  list: AdminList;
  query: UseQueryResult<D, E>;
  /** The list in the error's words ("The users"). */
  what: string;
  /** The empty state: `title` when there is nothing at all, `noMatch “…”` and `searchHint` for a search. */
  empty: { icon: LucideIcon; title: string; noMatch: string; searchHint: string };
  tableTestId: string;
  /** The header cells before the actions column. */
  columns: ReactNode;
  /** The rows of a page of data. */
  children: (data: D) => ReactNode;
}) {
  const searched = list.state.q;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} description={description} />
      <AdminSearchField
        id={search.id}
        placeholder={search.placeholder}
        value={list.typed}
        onChange={list.setTyped}
      />
      <AdminListBody
        query={query}
        what={what}
        searched={searched}
        onClearSearch={() => list.setTyped("")}
        empty={{
          icon: empty.icon,
          title: searched ? `${empty.noMatch} “${searched}”` : empty.title,
          description: searched ? empty.searchHint : undefined,
        }}
        onPage={(page) => list.update({ page })}
      >
        {(data) => (
          <Table data-testid={tableTestId} aria-busy={query.isFetching}>
            <TableHeaderWithActions>{columns}</TableHeaderWithActions>
            <TableBody>{children(data)}</TableBody>
          </Table>
        )}
      </AdminListBody>
    </div>
  );
}
