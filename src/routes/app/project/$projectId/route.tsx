import { createFileRoute, Outlet } from "@tanstack/react-router";

export const Route = createFileRoute("/app/project/$projectId")({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const project = await queryClient.ensureQueryData(
      trpc.project.getById.queryOptions({ projectId: params.projectId }),
    );
    return { crumb: project.name, organizationId: project.organizationId };
  },
  component: Outlet,
});
