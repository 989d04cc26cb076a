import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";
import { adminNav } from "~/components/app-shell/admin-nav-items.ts";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { formatDate } from "~/lib/format-date.ts";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/admin/")({
  head: () => seo({ title: "Admin", noindex: true }),
  component: AdminHome,
});

const numberFormat = new Intl.NumberFormat("en");

function AdminHome() {
  const { trpc } = Route.useRouteContext();
  // Loaded in the component (no route loader): route options are part of every page's first load.
  const { data: stats, error } = useQuery(trpc.admin.getStats.queryOptions());
  const figures = [
    { label: "Users", value: stats?.users },
    { label: "Organizations", value: stats?.organizations },
    { label: "Projects", value: stats?.projects },
    { label: "Tool calls this month", value: stats?.toolCallsThisMonth },
    { label: "Errors this month", value: stats?.errorsThisMonth },
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Admin"
        description="Run this Portico instance: users, sessions, platform credentials and mail."
      />
      <FormAlert message={error ? errorMessage(error) : null} />
      <section aria-label="This instance in figures" aria-busy={!stats}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="admin-stats">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-xl border bg-card p-4">
              <dt className="text-xs text-muted-foreground">{figure.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">
                {figure.value === undefined ? (
                  <Skeleton className="mt-1 h-7 w-12" />
                ) : (
                  numberFormat.format(figure.value)
                )}
              </dd>
            </div>
          ))}
        </dl>
        {stats ? (
          <p className="mt-2 text-xs text-muted-foreground">
            Month counted from {formatDate(stats.monthStartedAt)} (UTC).
          </p>
        ) : null}
      </section>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {adminNav
          .filter((item) => item.description)
          .map(({ href, label, description, icon: Icon }) => (
            <Link
              key={href}
              to={href}
              className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <Card className="h-full transition-colors group-hover:border-primary/40">
                <CardHeader>
                  <CardTitle className="flex items-center gap-2">
                    <Icon className="size-4 text-primary" aria-hidden="true" />
                    {label}
                    <ChevronRight className="ml-auto size-4 text-muted-foreground" aria-hidden="true" />
                  </CardTitle>
                  <CardDescription>{description}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          ))}
      </div>
    </div>
  );
}
