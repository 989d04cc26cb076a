// "Connect Gmail" on a public integration page leads here: to the organization's Integrations page with
// that integration's dialog open (requirements §2, editIntegration). With one organization the person manages,
// straight there; with several, they pick one; with none, they are told what to do first.
// With ?organization=<id>&personal=1 (the link of a personal-mode server's connect prompt) it is the
// page that connects the person's own account instead (personal-connect.tsx).
import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link, Navigate, useRouterState } from "@tanstack/react-router";
import { Building2, ChevronRight } from "lucide-react";
import { PersonalConnect } from "~/components/account/connected-accounts/personal-connect.tsx";
import { ErrorPage } from "~/components/errors/error-page.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { AppError } from "~/lib/errors.ts";
import { findIntegration } from "~/lib/integrations/catalogue.ts";
import { invalidServerIdMessage } from "~/lib/integrations/types.ts";

export const Route = createFileRoute("/app/connect/$integrationId")({
  // No loader and no search validator: the choice is made in the component, which is split off (route
  // options ship in every page's entry bundle, which the landing page's budget keeps small).
  component: ConnectPage,
});

function ConnectPage() {
  const { integrationId } = Route.useParams();
  const query = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  // An id that names no integration is the 404 page, not a choice of organizations to connect nothing for.
  if (!findIntegration(integrationId)) return <NotFoundPage />;
  const organizationId = typeof query.organization === "string" ? query.organization : "";
  if (String(query.personal) === "1" && organizationId) {
    return <PersonalConnect integrationId={integrationId} organizationId={organizationId} />;
  }
  return <ChooseOrganization integrationId={integrationId} />;
}

function ChooseOrganization({ integrationId }: { integrationId: string }) {
  const { trpc } = Route.useRouteContext();
  const { data: organizations } = useSuspenseQuery(trpc.organization.getOrganizationsDetails.queryOptions());
  const managed = organizations.filter((organization) => organization.permissions["integrations.manage"]);
  if (managed.length === 1 && managed[0]) {
    return (
      <Navigate
        to="/app/organization/$organizationId/integrations"
        params={{ organizationId: managed[0].id }}
        search={{ editIntegration: integrationId }}
        replace
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Connect an integration"
        description="Integrations are connected once per organization. Choose the organization to connect it for."
      />
      {managed.length === 0 ? (
        <EmptyState
          icon={Building2}
          title="No organization you can connect integrations for"
          description="Owners and admins connect integrations. Create an organization on the dashboard, or ask an owner of yours to connect it."
          action={
            <Button asChild>
              <Link to="/app/dashboard">Go to the dashboard</Link>
            </Button>
          }
        />
      ) : (
        <Card>
          <CardContent className="flex flex-col divide-y p-0">
            {managed.map((organization) => (
              <Link
                key={organization.id}
                to="/app/organization/$organizationId/integrations"
                params={{ organizationId: organization.id }}
                search={{ editIntegration: integrationId }}
                className="flex items-center justify-between gap-3 px-6 py-4 hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none"
              >
                <span className="font-medium">{organization.name}</span>
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
              </Link>
            ))}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function NotFoundPage() {
  const { integrationId } = Route.useParams();
  return <ErrorPage error={new AppError("NOT_FOUND", invalidServerIdMessage(integrationId))} />;
}
