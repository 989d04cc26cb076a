import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { FolderKanban, Settings, Users } from "lucide-react";
import { SortSelect } from "~/components/forms/sort-select.tsx";
import { BrokenConnectionsBanner } from "~/components/integrations/broken-connections-banner.tsx";
import { OrganizationIntegrationsSummary } from "~/components/integrations/organization-integrations-summary.tsx";
import { CreateProjectDialog } from "~/components/projects/create-project-dialog.tsx";
import { sortPreferenceQueryOptions, useSortPreference } from "~/components/sort/use-sort-preference.ts";
import { AddButton } from "~/components/ui/add-button.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { HeadingLevel } from "~/components/ui/heading-level.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { seo } from "~/lib/seo.ts";
import { sortItems } from "~/lib/sort-options.ts";

export const Route = createFileRoute("/app/organization/$organizationId/")({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const [organization] = await Promise.all([
      queryClient.ensureQueryData(
        trpc.organization.getOrganizationDetail.queryOptions({ id: params.organizationId }),
      ),
      queryClient.ensureQueryData(
        trpc.organizationMember.getMembersByOrganizationId.queryOptions({
          organizationId: params.organizationId,
        }),
      ),
      queryClient.ensureQueryData(sortPreferenceQueryOptions("organization")),
    ]);
    return { name: organization.name };
  },
  head: ({ loaderData }) => seo({ title: `${loaderData?.name ?? "Organization"} · Portico`, noindex: true }),
  component: OrganizationOverview,
});

function OrganizationOverview() {
  const { organizationId } = Route.useParams();
  const { trpc } = Route.useRouteContext();
  const { data: organization } = useSuspenseQuery(
    trpc.organization.getOrganizationDetail.queryOptions({ id: organizationId }),
  );
  const { data: members } = useSuspenseQuery(
    trpc.organizationMember.getMembersByOrganizationId.queryOptions({ organizationId }),
  );
  const { sort } = useSortPreference("organization");
  const canCreate = organization.permissions["projects.create"];
  const newProject = <AddButton>New project</AddButton>;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={organization.name}
        description={`You are ${roleDescription[organization.role]} of this organization.`}
        action={
          canCreate ? <CreateProjectDialog organizationId={organizationId} trigger={newProject} /> : null
        }
      />
      <BrokenConnectionsBanner organizationId={organizationId} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat label="Projects" value={organization.projectCount} icon={FolderKanban} />
        <Stat label="Members" value={organization.memberCount} icon={Users} />
        <Card>
          <CardHeader>
            <CardDescription>Manage</CardDescription>
            <div className="flex flex-wrap gap-2 pt-1">
              <Button asChild variant="outline" size="sm">
                <Link to="/app/organization/$organizationId/members" params={{ organizationId }}>
                  <Users className="size-4" aria-hidden="true" /> Members
                </Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link to="/app/organization/$organizationId/settings" params={{ organizationId }}>
                  <Settings className="size-4" aria-hidden="true" /> Settings
                </Link>
              </Button>
            </div>
          </CardHeader>
        </Card>
      </div>
      <section className="flex flex-col gap-3" aria-labelledby="projects-heading">
        <div className="flex items-center justify-between gap-3">
          <h2 id="projects-heading" className="text-lg font-semibold">
            Projects
          </h2>
          {organization.projects.length > 1 ? <SortSelect scope="organization" /> : null}
        </div>
        {organization.projects.length === 0 ? (
          <HeadingLevel>
            <EmptyState
              icon={FolderKanban}
              title={canCreate ? "Create the first project" : "No projects for you yet"}
              description={
                canCreate
                  ? "Each project has one MCP endpoint that your agents connect to, with its own API keys and servers."
                  : "Ask an organization admin to give you access to a project."
              }
              action={
                canCreate ? (
                  <CreateProjectDialog organizationId={organizationId} trigger={newProject} />
                ) : null
              }
            />
          </HeadingLevel>
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            {sortItems(organization.projects, sort).map((project) => (
              <Link
                key={project.id}
                to="/app/project/$projectId"
                params={{ projectId: project.id }}
                className="rounded-xl border bg-card p-4 transition-colors hover:bg-muted/50"
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium">{project.name}</span>
                  <Badge variant="outline">{project.role}</Badge>
                </div>
                <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">
                  {project.description || "No description"}
                </p>
              </Link>
            ))}
          </div>
        )}
      </section>
      <OrganizationIntegrationsSummary organizationId={organizationId} />
      <section className="flex flex-col gap-3" aria-labelledby="members-heading">
        <h2 id="members-heading" className="text-lg font-semibold">
          Members
        </h2>
        <Card>
          <CardContent>
            <ul className="divide-y">
              {members.slice(0, 5).map((member) => (
                <li key={member.id} className="flex items-center justify-between py-2 text-sm">
                  <span>
                    <span className="font-medium">{member.name}</span>{" "}
                    <span className="text-muted-foreground">{member.email}</span>
                  </span>
                  <Badge variant="secondary">{member.role}</Badge>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </section>
    </div>
  );
}

const roleDescription = { owner: "an owner", admin: "an admin", member: "a member" } as const;

function Stat({ label, value, icon: Icon }: { label: string; value: number; icon: typeof Users }) {
  return (
    <Card>
      <CardHeader>
        <CardDescription className="flex items-center gap-2">
          <Icon className="size-4" aria-hidden="true" /> {label}
        </CardDescription>
        <p className="text-3xl leading-none font-semibold">{value}</p>
      </CardHeader>
    </Card>
  );
}
