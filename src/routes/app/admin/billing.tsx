// Site admins' billing view: every organization with its plan, status, this period's requests and
// seats, and a plan set by hand — the way plans change on a server without Stripe.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Building2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { PlanSelect } from "~/components/billing/plan-select.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { formatLimit, type PlanId, plans } from "~/lib/plans.ts";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/admin/billing")({
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.ensureQueryData(trpc.admin.getAllOrganizations.queryOptions()),
      queryClient.ensureQueryData(trpc.billing.getPricing.queryOptions()),
    ]),
  head: () => seo({ title: "Billing · Admin · Portico", noindex: true }),
  component: AdminBilling,
});

function AdminBilling() {
  const { trpc } = Route.useRouteContext();
  const queryClient = useQueryClient();
  const { data: organizations } = useSuspenseQuery(trpc.admin.getAllOrganizations.queryOptions());
  const setPlan = useMutation(trpc.admin.setOrganizationPlan.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  const change = async (organizationId: string, name: string, plan: PlanId) => {
    setError(null);
    try {
      await setPlan.mutateAsync({ organizationId, plan, interval: "monthly" });
      await queryClient.invalidateQueries({ queryKey: trpc.admin.getAllOrganizations.queryKey() });
      toast.success(`${name} is on ${plans[plan].name}`);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Billing"
        description="Plans of every organization. A plan set here applies at once, counted in calendar months; Stripe subscriptions change it again when they renew or end."
      />
      <FormAlert message={error} />
      {organizations.length === 0 ? (
        <EmptyState
          icon={Building2}
          title="No organizations yet"
          description="Organizations appear here once users create them."
        />
      ) : (
        <div className="overflow-x-auto">
          <Table data-testid="admin-billing">
            <TableHeader>
              <TableRow>
                <TableHead>Organization</TableHead>
                <TableHead className="hidden sm:table-cell">Status</TableHead>
                <TableHead className="hidden md:table-cell">Requests this period</TableHead>
                <TableHead className="hidden md:table-cell">Seats</TableHead>
                <TableHead>Plan</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {organizations.map((org) => (
                <TableRow key={org.id}>
                  <TableCell className="font-medium">
                    {org.name}
                    {org.viaStripe ? (
                      <span className="ml-2 text-xs text-muted-foreground">via Stripe</span>
                    ) : null}
                    {/* At phone width the hidden columns' facts sit under the name, so the plan stays in view. */}
                    <span className="block text-xs font-normal text-muted-foreground md:hidden">
                      <span className="sm:hidden">{org.status} · </span>
                      {org.requests.toLocaleString("en-US")} of {formatLimit(org.limits.monthlyRequests)}{" "}
                      requests · {org.seats} of {formatLimit(org.limits.seats)} seats
                    </span>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <Badge
                      variant={org.status === "active" || org.status === "trialing" ? "success" : "warning"}
                    >
                      {org.status}
                    </Badge>
                  </TableCell>
                  <TableCell className="hidden tabular-nums md:table-cell">
                    {org.requests.toLocaleString("en-US")} of {formatLimit(org.limits.monthlyRequests)}
                  </TableCell>
                  <TableCell className="hidden tabular-nums md:table-cell">
                    {org.seats} of {formatLimit(org.limits.seats)}
                  </TableCell>
                  <TableCell>
                    <PlanSelect
                      value={org.plan}
                      onValueChange={(plan) => void change(org.id, org.name, plan)}
                      label={`Plan of ${org.name}`}
                      disabled={setPlan.isPending}
                      triggerClassName="w-36"
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
