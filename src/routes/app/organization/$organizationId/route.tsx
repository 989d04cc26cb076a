import { useQuery } from "@tanstack/react-query";
import { createFileRoute, Outlet, useLocation } from "@tanstack/react-router";
import { UsageBanner } from "~/components/billing/usage-banner.tsx";
import { OrganizationRouteError } from "~/components/errors/two-factor-required.tsx";

export const Route = createFileRoute("/app/organization/$organizationId")({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const organization = await queryClient.ensureQueryData(
      trpc.organization.getOrganizationDetail.queryOptions({ id: params.organizationId }),
    );
    return { crumb: organization.name };
  },
  component: OrganizationLayout,
  // A member without two-factor sign-in where the organization requires it sees how to set it up.
  errorComponent: OrganizationRouteError,
});

/** Every page of the organization, with the usage banner above it at 80 % and 100 % of its requests. */
function OrganizationLayout() {
  const { organizationId } = Route.useParams();
  const { trpc } = Route.useRouteContext();
  const alert = useQuery(trpc.billing.getUsageAlert.queryOptions({ organizationId }));
  // The billing page shows the banner itself, next to the usage it is about.
  const onBillingPage = useLocation({ select: (location) => location.pathname.endsWith("/billing") });
  return (
    <>
      {onBillingPage ? null : (
        <div className="mb-4 empty:hidden">
          <UsageBanner organizationId={organizationId} percent={alert.data?.percent ?? null} />
        </div>
      )}
      <Outlet />
    </>
  );
}
