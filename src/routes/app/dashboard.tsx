import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Building2, FolderKanban, Users } from "lucide-react";
import { DashboardNoticeBanner, parseDashboardNotice } from "~/components/app-shell/dashboard-notice.tsx";
import { SortSelect } from "~/components/forms/sort-select.tsx";
import { PendingInvitations } from "~/components/invitations/pending-invitations.tsx";
import { CreateOrganizationDialog } from "~/components/organizations/create-organization-dialog.tsx";
import { CreateProjectDialog } from "~/components/projects/create-project-dialog.tsx";
import { sortPreferenceQueryOptions, useSortPreference } from "~/components/sort/use-sort-preference.ts";
import { AddButton } from "~/components/ui/add-button.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { counted } from "~/lib/counted.ts";
import { seo } from "~/lib/seo.ts";
import { sortItems } from "~/lib/sort-options.ts";

export const Route = createFileRoute("/app/dashboard")({
  head: () => seo({ title: "Dashboard · Portico", noindex: true }),
  loader: async ({ context: { queryClient, trpc } }) => {
    await Promise.all([
      queryClient.ensureQueryData(trpc.organization.getOrganizationsDetails.queryOptions()),
      queryClient.ensureQueryData(trpc.organizationInvitations.getPendingInvitationsForUser.queryOptions()),
      queryClient.ensureQueryData(sortPreferenceQueryOptions("dashboard")),
    ]);
  },
  component: Dashboard,
});

function Dashboard() {
  const { trpc } = Route.useRouteContext();
  // No validateSearch (route options ship in every page's entry bundle): checked here instead.
  const { notice } = parseDashboardNotice(Route.useSearch() as Record<string, unknown>);
  const { data: organizations } = useSuspenseQuery(trpc.organization.getOrganizationsDetails.queryOptions());
  const { data: invitations } = useSuspenseQuery(
    trpc.organizationInvitations.getPendingInvitationsForUser.queryOptions(),
  );
  const { sort } = useSortPreference("dashboard");
  const newOrganization = <AddButton>New organization</AddButton>;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Dashboard"
        description="Your organizations and the projects you can open."
        action={
          <>
            {organizations.length > 1 ? <SortSelect scope="dashboard" /> : null}
            <CreateOrganizationDialog trigger={newOrganization} />
          </>
        }
      />
      <DashboardNoticeBanner notice={notice} />
      <PendingInvitations invitations={invitations} />
      {organizations.length === 0 ? (
        <EmptyState
          icon={Building2}
          title="Create your first organization"
          description="Organizations hold your team and its projects. Create one, then add a project to get an MCP endpoint for your agents."
          action={<CreateOrganizationDialog trigger={newOrganization} />}
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2" data-testid="organization-list">
          {sortItems(organizations, sort).map((organization) => (
            <Card key={organization.id}>
              <CardHeader className="flex flex-row items-start justify-between gap-3">
                <div className="min-w-0">
                  <CardTitle className="truncate">
                    <Link
                      to="/app/organization/$organizationId"
                      params={{ organizationId: organization.id }}
                      className="hover:underline"
                    >
                      {organization.name}
                    </Link>
                  </CardTitle>
                  <CardDescription className="flex items-center gap-2">
                    <Users className="size-3.5" aria-hidden="true" />
                    {counted(organization.memberCount, "member")}
                  </CardDescription>
                </div>
                <Badge variant="secondary">{organization.role}</Badge>
              </CardHeader>
              <CardContent className="flex flex-col gap-3">
                {organization.projects.length === 0 ? (
                  <p className="text-sm text-muted-foreground">
                    {organization.permissions["projects.create"]
                      ? "No projects yet. A project gives your agents one MCP endpoint."
                      : "You have not been given access to any project here yet."}
                  </p>
                ) : (
                  <ul className="divide-y rounded-md border">
                    {sortItems(organization.projects, sort).map((project) => (
                      <li key={project.id}>
                        <Link
                          to="/app/project/$projectId"
                          params={{ projectId: project.id }}
                          className="flex items-center justify-between gap-3 px-3 py-2 text-sm hover:bg-muted/60"
                        >
                          <span className="flex min-w-0 items-center gap-2">
                            <FolderKanban className="size-4 shrink-0 opacity-60" aria-hidden="true" />
                            <span className="truncate">{project.name}</span>
                          </span>
                          <Badge variant="outline">{project.role}</Badge>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
                {organization.permissions["projects.create"] ? (
                  <CreateProjectDialog
                    organizationId={organization.id}
                    trigger={
                      <AddButton variant="outline" size="sm" className="self-start">
                        New project
                      </AddButton>
                    }
                  />
                ) : null}
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
