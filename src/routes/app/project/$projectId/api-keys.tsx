import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { KeyRound } from "lucide-react";
import { ApiKeysTable } from "~/components/api-keys/api-keys-table.tsx";
import { CreateApiKeyDialog } from "~/components/api-keys/create-api-key-dialog.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/project/$projectId/api-keys")({
  head: () => seo({ title: "API keys · Portico", noindex: true }),
  // The parent route has loaded the project already.
  loader: ({ context: { queryClient, trpc }, params }) =>
    queryClient.ensureQueryData(
      trpc.apiKeys.getUserApiKeysMasked.queryOptions({ projectId: params.projectId }),
    ),
  component: ApiKeysPage,
});

function ApiKeysPage() {
  const { projectId } = Route.useParams();
  const { trpc, clientConfig } = Route.useRouteContext();
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  const { data: keys } = useSuspenseQuery(trpc.apiKeys.getUserApiKeysMasked.queryOptions({ projectId }));
  const canCreate = project.permissions["apiKeys.create"];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="API keys"
        description={`Keys let agents reach ${project.name}'s tools at ${clientConfig.baseUrl}/mcp.`}
        action={
          canCreate ? <CreateApiKeyDialog projectId={projectId} baseUrl={clientConfig.baseUrl} /> : null
        }
      />
      {keys.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title="No API keys yet"
          description={
            canCreate
              ? "Create a key and paste it into Claude, Cursor, VS Code or any MCP client."
              : "Ask a project editor or admin to create a key for you."
          }
          action={
            canCreate ? <CreateApiKeyDialog projectId={projectId} baseUrl={clientConfig.baseUrl} /> : null
          }
        />
      ) : (
        <SectionCard
          title="Keys"
          description="Secrets are shown only once, when a key is created. Revoked keys stop working on the next request."
        >
          <ApiKeysTable projectId={projectId} keys={keys} canRevoke={project.permissions["apiKeys.revoke"]} />
        </SectionCard>
      )}
    </div>
  );
}
