import { Link } from "@tanstack/react-router";
import { Activity, Gauge, TriangleAlert, Users } from "lucide-react";
import { Card, CardDescription, CardHeader } from "~/components/ui/card.tsx";
import { counted } from "~/lib/counted.ts";
import { formatDate } from "~/lib/format-date.ts";
import { formatDuration } from "~/lib/format-duration.ts";
import { UTC } from "~/lib/time-zone.ts";
import type { RouterOutputs } from "~/lib/trpc.ts";

type Stats = RouterOutputs["project"]["getProjectStats"];

const numberFormat = new Intl.NumberFormat("en-US");

export function UsageSummary({ stats }: { stats: Stats }) {
  const { totals, organizationRequests, windowStart } = stats.calls;
  // Each figure says its period; all count every call, the playground's too, as billing does.
  const items = [
    { label: "Requests, last 14 days", value: numberFormat.format(totals.requests), icon: Activity },
    {
      label: "Errors, last 14 days",
      value: totals.requests
        ? `${numberFormat.format(totals.errors)} (${Math.round((totals.errors / totals.requests) * 100)}%)`
        : "0",
      icon: TriangleAlert,
    },
    {
      label: "Average duration, last 14 days",
      value: totals.averageDurationMs === null ? "—" : formatDuration(totals.averageDurationMs),
      icon: Gauge,
    },
    { label: "People with access", value: String(stats.peopleWithAccess), icon: Users },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map(({ label, value, icon: Icon }) => (
        <Card key={label}>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Icon className="size-4" aria-hidden="true" /> {label}
            </CardDescription>
            {/* A figure, not a heading: the label above names it. */}
            <p className="text-2xl leading-none font-semibold tabular-nums" data-figure={label}>
              {label.startsWith("Errors") && totals.errors > 0 ? (
                // The same calls the figure counts: the failed calls since the chart's first day.
                <Link
                  to="/app/project/$projectId/calls"
                  params={{ projectId: stats.projectId }}
                  search={{ status: "error", from: new Date(windowStart).toISOString() }}
                  className="underline decoration-destructive/50 underline-offset-4 hover:decoration-destructive"
                  aria-label={`${value} errors: show the failed calls`}
                >
                  {value}
                </Link>
              ) : (
                value
              )}
            </p>
          </CardHeader>
        </Card>
      ))}
      <p
        className="text-xs text-muted-foreground sm:col-span-2 lg:col-span-4"
        data-testid="organization-requests"
      >
        The organization has made {counted(organizationRequests.count, "request", numberFormat.format)} across
        all its projects this billing period (since {formatDate(organizationRequests.periodStart, UTC)}), the
        figure its billing page counts against the plan.
      </p>
    </div>
  );
}
