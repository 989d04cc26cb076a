// Platform-wide LLM credentials (site admins): keys every organization's agents may use when the
// organization brings none of its own. Each lists the agents using it across organizations.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { BrainCircuit } from "lucide-react";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { counted } from "~/lib/counted.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { LlmCredentialCard } from "./llm-credential-card.tsx";
import { AddLlmCredentialDialog } from "./llm-credential-dialog.tsx";

export function PlatformLlmCredentialsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: credentials } = useSuspenseQuery(trpc.llmCredentials.getGlobalLlmCredentials.queryOptions());
  const remove = useMutation(trpc.llmCredentials.deleteGlobalLlmCredential.mutationOptions());
  const addButton = <AddLlmCredentialDialog />;
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
              <LlmCredentialCard
                credential={credential}
                usage={
                  <span className="text-muted-foreground">
                    {credential.usedBy.length === 0
                      ? "Not used by any agent"
                      : `Used by ${counted(credential.usedBy.length, "agent")}: ${credential.usedBy
                          .map((agent) => `${agent.name} (${agent.projectName})`)
                          .join(", ")}`}
                  </span>
                }
                deleteTitle="Delete platform LLM credential"
                deleteDescription="Agents using it stop running until their organization chooses another credential."
                onDelete={async () => {
                  await remove.mutateAsync({ credentialId: credential.id });
                  await queryClient.invalidateQueries({ queryKey: trpc.llmCredentials.pathKey() });
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
