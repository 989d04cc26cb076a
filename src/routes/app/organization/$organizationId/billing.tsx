// The organization's billing page: plan and status, this period's requests against the quota (with a
// per-day chart), seats and projects against their limits, invoices, and — for owners and admins —
// changing the plan (monthly or annual), cancelling and Stripe's Customer Portal. Without Stripe the
// page's site administrators set the plan on it, and everyone else is told whom to ask.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { InvoicesTable } from "~/components/billing/invoices-table.tsx";
import { LimitMeter } from "~/components/billing/limit-meter.tsx";
import { PlanByHandCard } from "~/components/billing/plan-by-hand-card.tsx";
import { UsageBanner } from "~/components/billing/usage-banner.tsx";
import { DailyRequestsChart } from "~/components/charts/daily-requests-chart.tsx";
import { BillingToggle } from "~/components/pricing/billing-toggle.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardHeading } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";
import { formatDate } from "~/lib/format-date.ts";
import { type BillingInterval, formatPrice, plans } from "~/lib/plans.ts";
import { seo } from "~/lib/seo.ts";
import { UTC } from "~/lib/time-zone.ts";

interface BillingSearch {
  checkout?: "success" | "canceled";
  interval?: BillingInterval;
}

// Route options are part of every page's first load (the landing page's JS budget), so the search is
// read by hand rather than with zod, and the pending view uses no component that pulls tailwind-merge.
function parseBillingSearch(search: Record<string, unknown>): BillingSearch {
  const { checkout, interval } = search;
  return {
    checkout: checkout === "success" || checkout === "canceled" ? checkout : undefined,
    interval: interval === "monthly" || interval === "annual" ? interval : undefined,
  };
}

export const Route = createFileRoute("/app/organization/$organizationId/billing")({
  validateSearch: parseBillingSearch,
  head: () => seo({ title: "Billing · Portico", noindex: true }),
  loader: ({ context: { queryClient, trpc }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(
        trpc.billing.getOverview.queryOptions({ organizationId: params.organizationId }),
      ),
      queryClient.ensureQueryData(
        trpc.billing.listSubscriptions.queryOptions({ organizationId: params.organizationId }),
      ),
      queryClient.ensureQueryData(trpc.billing.getPricing.queryOptions()),
    ]),
  pendingComponent: BillingSkeleton,
  component: BillingPage,
});

const STATUS_LABEL = {
  active: "Active",
  trialing: "Trialing",
  past_due: "Past due",
  unpaid: "Unpaid",
  canceled: "Canceled",
} as const;

// Billing periods are days in UTC (Stripe's and the quota's), so their dates are the UTC dates.
const dateLabel = (value: Date | string) => formatDate(value, UTC);

function BillingSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <div className="h-10 w-48 animate-pulse rounded-md bg-muted" />
      <div className="h-40 w-full animate-pulse rounded-md bg-muted" />
      <div className="h-56 w-full animate-pulse rounded-md bg-muted" />
    </div>
  );
}

function BillingPage() {
  const { organizationId } = Route.useParams();
  const { checkout, interval: askedInterval } = Route.useSearch();
  const { trpc } = Route.useRouteContext();
  const queryClient = useQueryClient();
  const { data: overview } = useSuspenseQuery(trpc.billing.getOverview.queryOptions({ organizationId }));
  const [interval, setInterval] = useState<BillingInterval>(askedInterval ?? overview.interval);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.billing.pathKey() });
  const change = useMutation(trpc.billing.changePlan.mutationOptions());
  const cancel = useMutation(trpc.billing.cancel.mutationOptions());
  const portal = useMutation(trpc.billing.createPortalSession.mutationOptions());
  const current = plans[overview.plan];

  const choose = async (plan: "start" | "business") => {
    setError(null);
    try {
      const { checkoutUrl } = await change.mutateAsync({ organizationId, plan, interval });
      if (checkoutUrl) window.location.assign(checkoutUrl);
      else await refresh();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  };
  const openPortal = async () => {
    setError(null);
    try {
      window.location.assign((await portal.mutateAsync({ organizationId })).url);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  };

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <PageHeader title="Billing" description={`Plan, usage and invoices of ${overview.organizationName}.`} />
      <UsageBanner organizationId={organizationId} percent={overview.alertPercent} />
      {checkout === "success" ? (
        <p role="status" className="rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm">
          Payment received. The new plan applies as soon as Stripe confirms it — usually within seconds.
        </p>
      ) : null}
      {!overview.stripeConfigured ? (
        <p
          className="rounded-md border bg-muted/40 px-3 py-2 text-sm text-muted-foreground"
          data-testid="no-stripe"
        >
          Billing through Stripe is not configured on this server: a site administrator sets this
          organization's plan by hand (below).
        </p>
      ) : null}
      <FormAlert message={error} />

      <Card>
        <CardHeading
          title={
            <>
              <span data-testid="current-plan">{current.name} plan</span>
              <Badge
                variant={
                  overview.status === "active" || overview.status === "trialing" ? "success" : "warning"
                }
              >
                {STATUS_LABEL[overview.status]}
              </Badge>
              {overview.plan !== "free" && current.price ? (
                <Badge variant="outline">
                  {overview.interval === "annual" ? "Billed yearly" : "Billed monthly"}
                </Badge>
              ) : null}
            </>
          }
          titleClassName="flex flex-wrap items-center gap-2"
          description={
            <>
              This period: {dateLabel(overview.periodStart)} –{" "}
              {dateLabel(new Date(new Date(overview.periodEnd).getTime() - 1))}
              {overview.cancelAtPeriodEnd
                ? ". Cancelled: the organization returns to Free when the period ends."
                : "."}
            </>
          }
        />
        <CardContent className="flex flex-col gap-5 pt-4">
          <LimitMeter
            label="Requests"
            used={overview.usage.requests}
            limit={overview.limits.monthlyRequests}
          />
          <LimitMeter label="Seats" used={overview.usage.seats} limit={overview.limits.seats} />
          <LimitMeter label="Projects" used={overview.usage.projects} limit={overview.limits.projects} />
          <div data-testid="usage-chart">
            <DailyRequestsChart points={overview.daily} />
          </div>
        </CardContent>
      </Card>

      {overview.canManage && overview.stripeConfigured ? (
        <SectionCard
          title="Change plan"
          description="Upgrades take effect at once; Stripe prorates the difference. Enterprise is arranged with our team."
          contentClassName="flex flex-col gap-4 pt-4"
        >
          <BillingToggle
            value={interval}
            onChange={setInterval}
            savingsNote={`Yearly saves ${plans.start.advertisedAnnualSavingsPercent}% on Start, ${plans.business.advertisedAnnualSavingsPercent}% on Business.`}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            {(["start", "business"] as const).map((id) => {
              const plan = plans[id];
              const isCurrent =
                overview.plan === id && overview.interval === interval && !overview.cancelAtPeriodEnd;
              return (
                <div key={id} className="flex flex-col gap-3 rounded-lg border p-4">
                  <div>
                    <p className="font-semibold">{plan.name}</p>
                    <p className="text-sm text-muted-foreground">
                      {formatPrice(plan.price[interval])} {interval === "monthly" ? "a month" : "a year"}
                    </p>
                  </div>
                  <Button
                    onClick={() => void choose(id)}
                    disabled={isCurrent || change.isPending}
                    variant={isCurrent ? "outline" : "default"}
                  >
                    {isCurrent ? "Current plan" : `Choose ${plan.name}`}
                  </Button>
                </div>
              );
            })}
          </div>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" asChild>
              <a href="/contact?topic=sales">Contact us about Enterprise</a>
            </Button>
            {overview.hasStripeSubscription ? (
              <Button variant="outline" onClick={() => void openPortal()} disabled={portal.isPending}>
                Payment methods and invoices
              </Button>
            ) : null}
            {overview.hasStripeSubscription && overview.plan !== "free" && !overview.cancelAtPeriodEnd ? (
              <ConfirmDialog
                trigger={<Button variant="destructive">Cancel subscription</Button>}
                title="Cancel subscription"
                subject={`the ${current.name} plan of ${overview.organizationName}`}
                description={`The plan stays until ${dateLabel(new Date(new Date(overview.periodEnd).getTime() - 1))}; then the organization is on Free. Members, projects and servers stay; adding more than Free allows is refused.`}
                confirmLabel="Cancel subscription"
                verb="cancel"
                onConfirm={async () => {
                  await cancel.mutateAsync({ organizationId });
                  await refresh();
                }}
              />
            ) : null}
          </div>
        </SectionCard>
      ) : null}

      {overview.planByHand ? (
        <PlanByHandCard
          organizationId={organizationId}
          organizationName={overview.organizationName}
          plan={overview.plan}
          planByHand={overview.planByHand}
          onChanged={refresh}
        />
      ) : null}

      <SectionCard title="Invoices" contentClassName="pt-4">
        <InvoicesTable invoices={overview.invoices} stripeConfigured={overview.stripeConfigured} />
      </SectionCard>
    </div>
  );
}
