import { createFileRoute, Outlet } from "@tanstack/react-router";
import { OrganizationRouteError } from "~/components/errors/two-factor-required.tsx";

export const Route = createFileRoute("/app/project/$projectId")({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const project = await queryClient.ensureQueryData(
      trpc.project.getById.queryOptions({ projectId: params.projectId }),
    );
    return { crumb: project.name, organizationId: project.organizationId };
  },
  component: Outlet,
  // A member without two-factor sign-in where the organization requires it sees how to set it up.
  errorComponent: OrganizationRouteError,
});
