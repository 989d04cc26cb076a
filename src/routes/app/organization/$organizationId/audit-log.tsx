// An organization's audit log: who did what and when, for owners and admins (members are told why they
// cannot see it), with filters kept in the URL and older events loaded on demand.

import { useInfiniteQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { ScrollText, SearchX } from "lucide-react";
import { AuditLogFiltersBar } from "~/components/audit-log/audit-log-filters-bar.tsx";
import { AuditLogTable } from "~/components/audit-log/audit-log-table.tsx";
import { QueryError, QueryResultError } from "~/components/errors/query-error.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { SkeletonRows } from "~/components/ui/skeleton.tsx";
import { AUDIT_LOG_RETENTION_DAYS_DEFAULT } from "~/lib/audit-actions.ts";
import { type AuditLogSearch, auditLogQueryFilters, parseAuditLogSearch } from "~/lib/audit-log-search.ts";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/organization/$organizationId/audit-log")({
  // No validateSearch: route options ship in every page's entry bundle (the landing page's budget).
  head: () => seo({ title: "Audit log · Portico", noindex: true }),
  component: AuditLogPage,
});

function AuditLogPage() {
  const { organizationId } = Route.useParams();
  const search = parseAuditLogSearch(Route.useSearch() as Record<string, unknown>);
  const { trpc } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: organization } = useSuspenseQuery(
    trpc.organization.getOrganizationDetail.queryOptions({ id: organizationId }),
  );
  const allowed = organization.permissions["auditLog.view"];
  const reversed = Boolean(search.from && search.to && search.from > search.to);
  const events = useInfiniteQuery({
    ...trpc.auditLog.list.infiniteQueryOptions(
      { organizationId, filters: auditLogQueryFilters(search) },
      { getNextPageParam: (page) => page.nextCursor },
    ),
    enabled: allowed && !reversed,
  });
  const rows = events.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(search).length > 0;
  const setSearch = (next: AuditLogSearch) => navigate({ search: parseAuditLogSearch(next), replace: true });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Audit log"
        description={`Who changed what in ${organization.name}, newest first: members, projects, API keys, integrations, agents and billing. Events are kept for ${Math.round(AUDIT_LOG_RETENTION_DAYS_DEFAULT / 365)} year.`}
      />
      {allowed ? (
        <AuditLogFiltersBar
          organizationId={organizationId}
          projects={organization.projects}
          search={search}
          onChange={setSearch}
        />
      ) : null}
      <Card>
        <CardContent>
          {!allowed ? (
            <ErrorText message="Only owners and admins of this organization can see its audit log." />
          ) : reversed ? (
            <p className="text-sm text-muted-foreground">
              Choose a date range whose start is before its end.
            </p>
          ) : events.error && rows.length === 0 ? (
            <QueryResultError what="The audit log" query={events} />
          ) : events.isPending ? (
            <SkeletonRows label="Loading the audit log" />
          ) : rows.length === 0 ? (
            filtered ? (
              <EmptyState
                icon={SearchX}
                title="No events match these filters"
                description="Widen the date range or clear the filters to see more."
                action={
                  <Button variant="outline" onClick={() => setSearch({})}>
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={ScrollText}
                title="Nothing recorded yet"
                description="Changes to members, projects, API keys, integrations, agents and billing appear here as they happen."
              />
            )
          ) : (
            <div className="flex flex-col gap-4">
              <AuditLogTable events={rows} />
              {events.hasNextPage ? (
                <Button
                  variant="outline"
                  className="self-center"
                  disabled={events.isFetchingNextPage}
                  onClick={() => events.fetchNextPage()}
                >
                  {events.isFetchingNextPage ? "Loading…" : "Load more"}
                </Button>
              ) : (
                <p className="text-center text-xs text-muted-foreground">
                  {rows.length === 1 ? "That is the only event." : `All ${rows.length} events are shown.`}
                </p>
              )}
              {events.isFetchNextPageError ? (
                <QueryError
                  what="Older events"
                  error={events.error}
                  onRetry={() => events.fetchNextPage()}
                  retrying={events.isFetchingNextPage}
                />
              ) : null}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
