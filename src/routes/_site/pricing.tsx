import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { BillingToggle } from "~/components/pricing/billing-toggle.tsx";
import { ComparisonTable } from "~/components/pricing/comparison-table.tsx";
import { type PlanAction, PlanCard } from "~/components/pricing/plan-card.tsx";
import { YourOrganizations } from "~/components/pricing/your-organizations.tsx";
import { PageIntro } from "~/components/site/page-intro.tsx";
import { siteHead } from "~/components/site/site-head.ts";
import { type BillingInterval, type PlanId, plans, pricingCatalog } from "~/lib/plans.ts";

export const Route = createFileRoute("/_site/pricing")({
  // requirements §2: organization details (signed in) and pricing; a failed pricing load is ignored, and the page
  // falls back to the plan table compiled into it.
  loader: async ({ context: { queryClient, trpc, user } }) => {
    await Promise.all([
      queryClient.prefetchQuery(trpc.billing.getPricing.queryOptions()),
      user ? queryClient.prefetchQuery(trpc.organization.getOrganizationsDetails.queryOptions()) : null,
    ]);
  },
  head: siteHead({
    title: "Pricing",
    description:
      "Portico plans: Free, Start ($34 a month), Business ($249 a month) and Enterprise. Every plan includes the agent marketplace and the standard tools.",
    keywords: ["Portico pricing", "MCP platform pricing", "AI agent integrations cost"],
    canonicalPath: "/pricing",
  }),
  component: PricingPage,
});

function PricingPage() {
  const { trpc, user } = Route.useRouteContext();
  const [interval, setInterval] = useState<BillingInterval>("monthly");
  const pricing = useQuery(trpc.billing.getPricing.queryOptions());
  const organizations = useQuery({
    ...trpc.organization.getOrganizationsDetails.queryOptions(),
    enabled: user !== null,
  });
  const catalog = pricing.data ?? pricingCatalog();
  const firstOrganization = organizations.data?.[0];

  const actionFor = (id: PlanId): PlanAction => {
    if (id === "enterprise") return { to: "/contact", search: { topic: "sales" } };
    if (!user) return { to: "/sign-up", search: { redirect: "/pricing" } };
    if (id === "free" || !firstOrganization) return { to: "/app/dashboard" };
    return {
      to: `/app/organization/${encodeURIComponent(firstOrganization.id)}/billing`,
      search: { interval },
    };
  };

  return (
    <>
      <PageIntro eyebrow="Pricing" title="Simple plans that grow with your agents">
        Start free with one project. Pay for seats, projects and requests when your team needs more — the
        agent marketplace and the standard tools are on every plan.
      </PageIntro>
      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-12 sm:px-6">
        {user && organizations.data ? <YourOrganizations organizations={organizations.data} /> : null}
        <BillingToggle
          value={interval}
          onChange={setInterval}
          savingsNote={`Pay yearly and save ${plans.start.advertisedAnnualSavingsPercent}% on Start, ${plans.business.advertisedAnnualSavingsPercent}% on Business.`}
        />
        <div className="grid gap-6 pt-2 sm:grid-cols-2 lg:grid-cols-4">
          {catalog.plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} interval={interval} action={actionFor(plan.id)} />
          ))}
        </div>
        <ComparisonTable plans={catalog.plans} />
      </div>
    </>
  );
}
