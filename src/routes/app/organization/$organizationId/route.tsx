import { createFileRoute, Outlet } from "@tanstack/react-router";

export const Route = createFileRoute("/app/organization/$organizationId")({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const organization = await queryClient.ensureQueryData(
      trpc.organization.getOrganizationDetail.queryOptions({ id: params.organizationId }),
    );
    return { crumb: organization.name };
  },
  component: Outlet,
});
