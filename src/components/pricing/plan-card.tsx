import { Link } from "@tanstack/react-router";
import { CheckIcon, MinusIcon } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";
import { cn } from "~/lib/cn.ts";
import {
  type BillingInterval,
  formatLimit,
  formatPrice,
  type PricedPlan,
  supportLabels,
} from "~/lib/plans.ts";

export interface PlanAction {
  to: string;
  search?: Record<string, string>;
}

function Price({ plan, interval }: { plan: PricedPlan; interval: BillingInterval }) {
  if (!plan.price) {
    return (
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">Custom</span>
      </p>
    );
  }
  const cents = plan.price[interval];
  return (
    <div>
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{formatPrice(cents)}</span>
        <span className="text-sm text-muted-foreground">{interval === "monthly" ? "/ month" : "/ year"}</span>
      </p>
      {interval === "annual" && plan.annualSavingsCents > 0 ? (
        <p className="mt-1 text-sm font-medium text-success">
          Save {plan.advertisedAnnualSavingsPercent}% — {formatPrice(plan.annualSavingsCents)} a year
        </p>
      ) : interval === "monthly" && plan.price.annual > 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">
          or {formatPrice(plan.price.annual)} billed yearly
        </p>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">Free forever</p>
      )}
    </div>
  );
}

export function PlanCard({
  plan,
  interval,
  action,
}: {
  plan: PricedPlan;
  interval: BillingInterval;
  action: PlanAction;
}) {
  const features: { label: string; included: boolean }[] = [
    {
      label: `${formatLimit(plan.limits.seats)} ${plan.limits.seats === 1 ? "seat" : "seats"}`,
      included: true,
    },
    {
      label: `${formatLimit(plan.limits.projects)} ${plan.limits.projects === 1 ? "project" : "projects"}`,
      included: true,
    },
    { label: `${formatLimit(plan.limits.monthlyRequests)} requests a month`, included: true },
    { label: `${supportLabels[plan.support]} support`, included: true },
    { label: "Agent marketplace and standard tools", included: true },
    { label: "Premium tools", included: plan.premiumTools },
  ];
  const titleId = `plan-${plan.id}`;
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        "relative flex flex-col gap-6 rounded-xl border bg-card p-6",
        plan.highlighted && "border-primary shadow-md ring-1 ring-primary",
      )}
    >
      {plan.highlighted ? (
        <p className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
          Most popular
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {plan.name}
        </h2>
        <p className="min-h-10 text-sm text-muted-foreground">{plan.tagline}</p>
      </div>
      <Price plan={plan} interval={interval} />
      <Button asChild variant={plan.highlighted ? "default" : "outline"} className="w-full">
        <Link to={action.to} search={action.search}>
          {plan.cta}
          <span className="sr-only"> — {plan.name} plan</span>
        </Link>
      </Button>
      <ul className="flex flex-col gap-2 text-sm">
        {features.map((feature) => (
          <li key={feature.label} className={cn("flex gap-2", !feature.included && "text-muted-foreground")}>
            {feature.included ? (
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            ) : (
              <MinusIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            <span>
              {feature.label}
              {feature.included ? null : <span className="sr-only"> (not included)</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
