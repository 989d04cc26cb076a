// A project's call log (issue 27): every tool call, agents' and the playground's, with filters kept in
// the URL (person and connection too), pages loaded on demand, and one call's details in a dialog.

import { useInfiniteQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { Activity, SearchX } from "lucide-react";
import { useState } from "react";
import { CallDetailsDialog, type CallRef } from "~/components/call-log/call-details-dialog.tsx";
import { CallLogFiltersBar } from "~/components/call-log/call-log-filters-bar.tsx";
import { CallLogTable } from "~/components/call-log/call-log-table.tsx";
import { QueryError, QueryResultError } from "~/components/errors/query-error.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { SkeletonRows } from "~/components/ui/skeleton.tsx";
import { type CallLogView, parseCallLogView } from "~/lib/call-log-filters.ts";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/calls")({
  // No validateSearch: route options ship in every page's entry bundle (the landing page's budget); the
  // filters are parsed in the component. The head is a few bytes, and the tab said only "Portico".
  head: () => seo({ title: "Call log · Portico", noindex: true }),
  component: CallLogPage,
});

function CallLogPage() {
  const { projectId } = Route.useParams();
  const search = parseCallLogView(Route.useSearch() as Record<string, unknown>);
  const { trpc } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const [open, setOpen] = useState<CallRef | null>(null);
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  const calls = useInfiniteQuery(
    trpc.callLog.list.infiniteQueryOptions(
      { projectId, filters: search },
      { getNextPageParam: (page) => page.nextCursor },
    ),
  );
  const rows = calls.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(search).length > 0;
  const setSearch = (next: CallLogView) => navigate({ search: parseCallLogView(next), replace: true });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Call log"
        description={`Every tool call in ${project.name}, newest first: agents' calls and runs from the playground. Open a call for its arguments and error.`}
      />
      <CallLogFiltersBar projectId={projectId} search={search} onChange={setSearch} />
      <Card>
        <CardContent>
          {calls.error && rows.length === 0 ? (
            <QueryResultError what="The call log" query={calls} />
          ) : calls.isPending ? (
            <SkeletonRows label="Loading calls" />
          ) : rows.length === 0 ? (
            filtered ? (
              <EmptyState
                icon={SearchX}
                title="No calls match these filters"
                description="Widen the time range or clear the filters to see more calls."
                action={
                  <Button variant="outline" onClick={() => setSearch({})}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={Activity}
                title="No calls yet"
                description="Connect an agent with an API key, or try any tool (the standard ones need no account) with its Try button on the Servers page: calls appear here."
                action={
                  <Button variant="outline" asChild>
                    <Link to="/app/project/$projectId/servers" params={{ projectId }}>
                      Try a tool
                    </Link>
                  </Button>
                }
              />
            )
          ) : (
            <div className="flex flex-col gap-4">
              <CallLogTable calls={rows} onOpen={setOpen} />
              {calls.isFetchNextPageError ? (
                <QueryError
                  what="Older calls"
                  error={calls.error}
                  onRetry={() => calls.fetchNextPage()}
                  retrying={calls.isFetchingNextPage}
                />
              ) : calls.hasNextPage ? (
                <Button
                  variant="outline"
                  className="self-center"
                  disabled={calls.isFetchingNextPage}
                  onClick={() => calls.fetchNextPage()}
                >
                  {calls.isFetchingNextPage ? "Loading…" : "Load older calls"}
                </Button>
              ) : (
                <p className="text-center text-xs text-muted-foreground">
                  {rows.length === 1 ? "That is the only call." : `All ${rows.length} calls are shown.`}
                </p>
              )}
            </div>
          )}
        </CardContent>
      </Card>
      <CallDetailsDialog projectId={projectId} call={open} onClose={() => setOpen(null)} />
    </div>
  );
}
