import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { CalendarDays, Settings, Users } from "lucide-react";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/")({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const [project] = await Promise.all([
      queryClient.ensureQueryData(trpc.project.getById.queryOptions({ projectId: params.projectId })),
      queryClient.ensureQueryData(trpc.project.getProjectStats.queryOptions({ projectId: params.projectId })),
    ]);
    return { name: project.name };
  },
  head: ({ loaderData }) => seo({ title: `${loaderData?.name ?? "Project"} · Portico`, noindex: true }),
  component: ProjectOverview,
});

function ProjectOverview() {
  const { projectId } = Route.useParams();
  const { trpc } = Route.useRouteContext();
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  const { data: stats } = useSuspenseQuery(trpc.project.getProjectStats.queryOptions({ projectId }));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={project.name}
        description={project.description || `A project of ${project.organizationName}.`}
        action={
          <Button asChild variant="outline">
            <Link to="/app/project/$projectId/settings" params={{ projectId }}>
              <Settings className="size-4" aria-hidden="true" /> Settings
            </Link>
          </Button>
        }
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Users className="size-4" aria-hidden="true" /> People with access
            </CardDescription>
            <CardTitle className="text-3xl">{stats.peopleWithAccess}</CardTitle>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Your permission</CardDescription>
            <CardTitle>
              <Badge>{project.role}</Badge>
            </CardTitle>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <CalendarDays className="size-4" aria-hidden="true" /> Created
            </CardDescription>
            <CardTitle className="text-base">{new Date(stats.createdAt).toLocaleDateString()}</CardTitle>
          </CardHeader>
        </Card>
      </div>
      <p className="text-sm text-muted-foreground">
        Organization:{" "}
        <Link
          to="/app/organization/$organizationId"
          params={{ organizationId: project.organizationId }}
          className="font-medium text-foreground hover:underline"
        >
          {project.organizationName}
        </Link>
      </p>
    </div>
  );
}
