// Platform-wide LLM credentials (site admins): keys every organization's agents may use when the
// organization brings none of its own. Each lists the agents using it across organizations.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { BrainCircuit, Plus } from "lucide-react";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { llmTypeLabels } from "~/lib/agents/models.ts";
import { counted } from "~/lib/counted.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { LlmCredentialDialog } from "./llm-credential-dialog.tsx";

export function PlatformLlmCredentialsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: credentials } = useSuspenseQuery(trpc.llmCredentials.getGlobalLlmCredentials.queryOptions());
  const remove = useMutation(trpc.llmCredentials.deleteGlobalLlmCredential.mutationOptions());
  const addButton = (
    <LlmCredentialDialog
      trigger={
        <Button>
          <Plus className="size-4" aria-hidden="true" /> Add LLM credential
        </Button>
      }
    />
  );
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Platform LLM credentials"
        description="Model API keys that every organization's agents may use."
        action={addButton}
      />
      {credentials.length === 0 ? (
        <EmptyState
          icon={BrainCircuit}
          title="No platform LLM credentials"
          description="Add one to let organizations run agents without their own API key."
          action={addButton}
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Platform LLM credentials">
          {credentials.map((credential) => (
            <li key={credential.id}>
              <Card>
                <CardHeader>
                  <CardTitle className="flex flex-wrap items-center gap-2">
                    {credential.name} <Badge variant="outline">{llmTypeLabels[credential.llmType]}</Badge>
                  </CardTitle>
                  <CardDescription>
                    Key {credential.keyHint}
                    {credential.baseUrl ? ` · ${credential.baseUrl}` : ""}
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
                  <span className="text-muted-foreground">
                    {credential.usedBy.length === 0
                      ? "Not used by any agent"
                      : `Used by ${counted(credential.usedBy.length, "agent")}: ${credential.usedBy
                          .map((agent) => `${agent.name} (${agent.projectName})`)
                          .join(", ")}`}
                  </span>
                  <div className="flex gap-2">
                    <LlmCredentialDialog
                      credential={credential}
                      trigger={
                        <Button variant="outline" size="sm">
                          Edit
                        </Button>
                      }
                    />
                    <ConfirmDialog
                      trigger={
                        <Button variant="outline" size="sm">
                          Delete
                        </Button>
                      }
                      title="Delete platform LLM credential"
                      subject={credential.name}
                      description="Agents using it stop running until their organization chooses another credential."
                      onConfirm={async () => {
                        await remove.mutateAsync({ credentialId: credential.id });
                        await queryClient.invalidateQueries({ queryKey: trpc.llmCredentials.pathKey() });
                      }}
                    />
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
