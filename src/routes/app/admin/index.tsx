import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";
import { adminNav } from "~/components/app-shell/admin-nav-items.ts";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { formatDate } from "~/lib/format-date.ts";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/admin/")({
  loader: ({ context: { queryClient, trpc } }) =>
    queryClient.ensureQueryData(trpc.admin.getStats.queryOptions()),
  head: () => seo({ title: "Admin", noindex: true }),
  pendingComponent: AdminHomeSkeleton,
  component: AdminHome,
});

const numberFormat = new Intl.NumberFormat("en");

function AdminHome() {
  const { trpc } = Route.useRouteContext();
  const { data: stats } = useSuspenseQuery(trpc.admin.getStats.queryOptions());
  const figures = [
    { label: "Users", value: stats.users },
    { label: "Organizations", value: stats.organizations },
    { label: "Projects", value: stats.projects },
    { label: "Tool calls this month", value: stats.toolCallsThisMonth },
    { label: "Errors this month", value: stats.errorsThisMonth },
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Admin"
        description="Run this Portico instance: users, sessions, platform credentials and mail."
      />
      <section aria-label="This instance in figures">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="admin-stats">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-xl border bg-card p-4">
              <dt className="text-xs text-muted-foreground">{figure.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{numberFormat.format(figure.value)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-muted-foreground">
          Month counted from {formatDate(stats.monthStartedAt)} (UTC).
        </p>
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

// A pending component is not code-split: plain elements rather than <Skeleton>, whose cn() would put
// tailwind-merge into every page's first load (ARCHITECTURE.md, landing budget).
const bone = "animate-pulse rounded-md bg-muted";
const statCells = ["users", "organizations", "projects", "calls", "errors"];

function AdminHomeSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <div className={`${bone} h-8 w-32`} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {statCells.map((cell) => (
          <div key={cell} className={`${bone} h-20 rounded-xl`} />
        ))}
      </div>
    </div>
  );
}
