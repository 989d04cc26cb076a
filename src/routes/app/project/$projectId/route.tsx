import { createFileRoute, Outlet } from "@tanstack/react-router";
import { ProjectRouteError } from "~/components/projects/ask-for-access.tsx";

export const Route = createFileRoute("/app/project/$projectId")({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    try {
      const project = await queryClient.ensureQueryData(
        trpc.project.getById.queryOptions({ projectId: params.projectId }),
      );
      return { crumb: project.name, organizationId: project.organizationId };
    } catch (error) {
      // Whether the person may ask for access (a member of its organization) is known before the
      // error page renders, so the server sends "ask for access" rather than a 404 (never throws).
      await queryClient.prefetchQuery(
        trpc.projectPermissions.getAccessRequestState.queryOptions({ projectId: params.projectId }),
      );
      throw error;
    }
  },
  component: Outlet,
  // A member without two-factor sign-in where the organization requires it sees how to set it up; a
  // member without access to the project can ask for it.
  errorComponent: ProjectRouteError,
});
