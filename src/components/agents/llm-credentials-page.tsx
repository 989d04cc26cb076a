// The organization's LLM credentials: which keys its agents can use (its own and the platform's), the
// agents using each, and for owners and admins adding, editing and deleting them.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { KeyRound } from "lucide-react";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";
import { llmTypeLabels } from "~/lib/agents/models.ts";
import { useTRPC } from "~/lib/trpc.ts";
import type { LlmCredentialView } from "~/server/agents/credentials/llm-credential-store.ts";
import { LlmCredentialCard } from "./llm-credential-card.tsx";
import { AddLlmCredentialDialog } from "./llm-credential-dialog.tsx";

function UsedBy({ credential }: { credential: LlmCredentialView }) {
  if (credential.usedBy.length === 0)
    return <span className="text-muted-foreground">Not used by any agent</span>;
  return (
    <span>
      Used by{" "}
      {credential.usedBy.map((agent, index) => (
        <span key={agent.id}>
          {index > 0 ? ", " : ""}
          <Link
            to="/app/project/$projectId/agents/$agentId"
            params={{ projectId: agent.projectId, agentId: agent.id }}
            className="underline"
          >
            {agent.name}
          </Link>{" "}
          ({agent.projectName})
        </span>
      ))}
    </span>
  );
}

export function LlmCredentialsPage({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(
    trpc.llmCredentials.getOrganizationLlmCredentials.queryOptions({ organizationId }),
  );
  const remove = useMutation(trpc.llmCredentials.deleteOrganizationLlmCredential.mutationOptions());
  const addButton = <AddLlmCredentialDialog organizationId={organizationId} />;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="LLM credentials"
        description="API keys of OpenAI, Anthropic or Google that this organization's agents use for their models."
        action={data.canManage ? addButton : null}
      />
      {data.credentials.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title="No LLM credentials yet"
          description={
            data.canManage
              ? "Add an API key so agents such as Neo can run."
              : "Ask an owner or admin of the organization to add an API key."
          }
          action={data.canManage ? addButton : null}
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="LLM credentials">
          {data.credentials.map((credential) => (
            <li key={credential.id}>
              <LlmCredentialCard
                credential={credential}
                organizationId={organizationId}
                showProject
                usage={<UsedBy credential={credential} />}
                canManage={data.canManage}
                deleteTitle="Delete LLM credential"
                deleteDescription={
                  credential.usedBy.length > 0
                    ? `${credential.usedBy.map((a) => a.name).join(", ")} will stop running until another credential is chosen.`
                    : "No agent uses it."
                }
                onDelete={async () => {
                  await remove.mutateAsync({ organizationId, credentialId: credential.id });
                  await queryClient.invalidateQueries({ queryKey: trpc.llmCredentials.pathKey() });
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {data.platform.length > 0 ? (
        <SectionCard
          title="Platform credentials"
          description="Provided by Portico's administrators; any agent here may use them."
        >
          <ul className="flex flex-col gap-2 text-sm">
            {data.platform.map((credential) => (
              <li key={credential.id} className="flex flex-col gap-1">
                <span className="font-medium">
                  {credential.name} · {llmTypeLabels[credential.llmType]}
                </span>
                <UsedBy credential={credential} />
              </li>
            ))}
          </ul>
        </SectionCard>
      ) : null}
    </div>
  );
}
