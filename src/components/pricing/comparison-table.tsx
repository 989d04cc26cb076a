import { CheckIcon, MinusIcon } from "lucide-react";
import type { ReactNode } from "react";
import { formatLimit, formatPrice, type PricedPlan, supportLabels } from "~/lib/plans.ts";

const yes = (
  <>
    <CheckIcon className="mx-auto size-4 text-success" aria-hidden="true" />
    <span className="sr-only">Included</span>
  </>
);
const no = (
  <>
    <MinusIcon className="mx-auto size-4 text-muted-foreground" aria-hidden="true" />
    <span className="sr-only">Not included</span>
  </>
);

/** requirements §9: requests read "Unlimited*" on every paid tier; the footnote gives the included volumes. */
const requestsCell = (plan: PricedPlan) =>
  plan.id === "free" ? formatLimit(plan.limits.monthlyRequests) : "Unlimited*";

const rows: { label: string; cell: (plan: PricedPlan) => ReactNode }[] = [
  {
    label: "Monthly price",
    cell: (plan) => (plan.price ? formatPrice(plan.price.monthly) : "Custom"),
  },
  {
    label: "Annual price",
    cell: (plan) => (plan.price ? formatPrice(plan.price.annual) : "Custom"),
  },
  { label: "Seats", cell: (plan) => formatLimit(plan.limits.seats) },
  { label: "Projects", cell: (plan) => formatLimit(plan.limits.projects) },
  { label: "Monthly requests", cell: requestsCell },
  { label: "Agent marketplace", cell: (plan) => (plan.agentMarketplace ? yes : no) },
  { label: "Standard tools", cell: (plan) => (plan.standardTools ? yes : no) },
  { label: "Premium tools", cell: (plan) => (plan.premiumTools ? yes : no) },
  { label: "Support", cell: (plan) => supportLabels[plan.support] },
];

export function ComparisonTable({ plans }: { plans: readonly PricedPlan[] }) {
  const included = plans
    .filter((plan) => plan.id !== "free" && plan.limits.monthlyRequests !== null)
    .map((plan) => `${plan.name} includes ${formatLimit(plan.limits.monthlyRequests)}`)
    .join(" and ");
  return (
    <section aria-labelledby="compare-title" className="flex flex-col gap-4">
      <h2 id="compare-title" className="text-2xl font-bold tracking-tight">
        Compare plans
      </h2>
      <div
        className="overflow-x-auto rounded-xl border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on phones; keyboard users must reach it
        tabIndex={0}
      >
        <table className="w-full min-w-[36rem] text-sm">
          <thead className="bg-muted/60">
            <tr>
              <th scope="col" className="px-4 py-3 text-left font-medium">
                <span className="sr-only">Feature</span>
              </th>
              {plans.map((plan) => (
                <th key={plan.id} scope="col" className="px-4 py-3 text-center font-semibold">
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-t">
                <th scope="row" className="px-4 py-3 text-left font-medium">
                  {row.label}
                </th>
                {plans.map((plan) => (
                  <td key={plan.id} className="px-4 py-3 text-center" data-plan={plan.id}>
                    {row.cell(plan)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-muted-foreground">
        * Fair use: {included} requests a month; Enterprise volumes are set in your contract. Going past your
        allowance never switches your agents off — we get in touch to find the right plan.
      </p>
    </section>
  );
}
