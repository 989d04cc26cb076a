// An organization's management tokens: for its own backend to drive the management API
// (/api/manage/v1). Owners and admins list, create and revoke them; other members are told why they
// cannot.

import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { KeySquare } from "lucide-react";
import { QueryResultError } from "~/components/errors/query-error.tsx";
import { CreateManagementTokenDialog } from "~/components/management-tokens/create-management-token-dialog.tsx";
import { ManagementTokensTable } from "~/components/management-tokens/management-tokens-table.tsx";
import { Card, CardContent } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { SkeletonRows } from "~/components/ui/skeleton.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/organization/$organizationId/management-tokens")({
  head: () => seo({ title: "Management tokens · Portico", noindex: true }),
  component: ManagementTokensPage,
});

function ManagementTokensPage() {
  const { organizationId } = Route.useParams();
  const { trpc } = Route.useRouteContext();
  const { data: organization } = useSuspenseQuery(
    trpc.organization.getOrganizationDetail.queryOptions({ id: organizationId }),
  );
  const allowed = organization.permissions["managementTokens.manage"];
  const tokens = useQuery({
    ...trpc.managementTokens.list.queryOptions({ organizationId }),
    enabled: allowed,
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Management tokens"
        description={`Tokens your own backend uses to manage ${organization.name} through the management API: projects, members, keys, connections and more. They do not work on /mcp.`}
        action={allowed ? <CreateManagementTokenDialog organizationId={organizationId} /> : undefined}
      />
      <Card>
        <CardContent>
          {!allowed ? (
            <ErrorText message="Only owners and admins of this organization can manage its management tokens. Ask one of them for a token, or to change your role." />
          ) : tokens.error ? (
            <QueryResultError what="Management tokens" query={tokens} />
          ) : tokens.isPending ? (
            <SkeletonRows label="Loading management tokens" />
          ) : tokens.data.length === 0 ? (
            <EmptyState
              icon={KeySquare}
              title="No management tokens yet"
              description="Create one to provision projects, API keys and your users' connections from your backend."
            />
          ) : (
            <ManagementTokensTable organizationId={organizationId} tokens={tokens.data} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
