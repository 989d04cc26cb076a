// Platform credentials (site admins): Portico's own OAuth apps and keys per provider. Organizations
// without their own credentials use these.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { CredentialEditor } from "~/components/integrations/credential-editor.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { TableCell, TableHead, TableRow } from "~/components/ui/table.tsx";
import { TableCard } from "~/components/ui/table-card.tsx";
import { integrations } from "~/integrations/catalogue.ts";
import { OAUTH_CALLBACK_PATH } from "~/lib/integrations/credentials/oauth-app.ts";
import { authFlowLabels, connectsWithoutOAuthApp, providers } from "~/lib/integrations/providers.ts";
import { type ProviderId, providerIds } from "~/lib/integrations/types.ts";
import { seo } from "~/lib/seo.ts";

export const Route = createFileRoute("/app/admin/credentials")({
  head: () => seo({ title: "Platform credentials · Portico", noindex: true }),
  component: PlatformCredentialsPage,
});

const servedBy = (provider: ProviderId) =>
  integrations.filter((entry) => entry.provider === provider).map((entry) => entry.name);

function PlatformCredentialsPage() {
  const { trpc, clientConfig } = Route.useRouteContext();
  const queryClient = useQueryClient();
  const { data: credentials } = useSuspenseQuery(
    trpc.integrations.credentials.getGlobalCredentials.queryOptions(),
  );
  const save = useMutation(trpc.integrations.credentials.saveGlobalCredential.mutationOptions());
  const remove = useMutation(trpc.integrations.credentials.deleteGlobalCredential.mutationOptions());
  const [editing, setEditing] = useState<ProviderId | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.integrations.pathKey() });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Platform credentials"
        description="Portico's own OAuth apps and keys. Organizations that bring none of their own use these."
      />
      <TableCard
        columns={
          <>
            <TableHead>Provider</TableHead>
            <TableHead className="hidden md:table-cell">Serves</TableHead>
            <TableHead>Saved</TableHead>
          </>
        }
      >
        {providerIds.map((provider) => {
          const saved = credentials.filter((credential) => credential.provider === provider);
          const serves = servedBy(provider);
          return (
            <TableRow key={provider} data-provider={provider}>
              <TableCell className="font-medium">{providers[provider].name}</TableCell>
              <TableCell className="hidden text-sm text-muted-foreground md:table-cell">
                {serves.length > 0 ? serves.join(", ") : "Agents (LLM)"}
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap gap-1">
                  {saved.length === 0 ? <Badge variant="outline">None</Badge> : null}
                  {saved.map((credential) => (
                    <Badge key={credential.id} variant="success">
                      {authFlowLabels[credential.authFlow]}
                    </Badge>
                  ))}
                </div>
              </TableCell>
              <TableCell className="text-right">
                <Button variant="outline" size="sm" onClick={() => setEditing(provider)}>
                  Configure<span className="sr-only"> {providers[provider].name}</span>
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableCard>
      {editing ? (
        <CredentialEditor
          key={editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title={`${providers[editing].name} · platform credentials`}
          description="Used by every organization that has not saved its own."
          provider={editing}
          credentials={credentials.filter((credential) => credential.provider === editing)}
          flowNote={(flow) =>
            flow === "oauth" && connectsWithoutOAuthApp(editing)
              ? `Nothing to save: organizations connect ${providers[editing].name} with OAuth without an app (Portico registers itself with ${providers[editing].name}'s sign-in service).`
              : flow === "oauth"
                ? `Portico's OAuth app registered with ${providers[editing].name}.`
                : "Shared by every organization without its own. Stored encrypted, never shown again."
          }
          canManage
          redirectUri={`${clientConfig.baseUrl}${OAUTH_CALLBACK_PATH}`}
          onSave={async (authFlow, values) => {
            const stored = await save.mutateAsync({ provider: editing, authFlow, values });
            await refresh();
            return stored;
          }}
          onDelete={async (credential) => {
            await remove.mutateAsync({ credentialId: credential.id });
            await refresh();
            toast.success(`${providers[credential.provider].name} platform credentials removed`);
          }}
        />
      ) : null}
    </div>
  );
}
