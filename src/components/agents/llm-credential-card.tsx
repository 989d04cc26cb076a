// One LLM credential as the organization's and the platform's credential pages list it: its name and
// provider, which key (and server) it holds, the agents using it, and for who may manage it Edit and
// Delete. `usage` is the page's own wording of the agents (links where the reader can open them).
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge.tsx";
import { Card, CardContent, CardHeading } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { ItemActionButton } from "~/components/ui/item-action-button.tsx";
import { llmTypeLabels } from "~/lib/agents/models.ts";
import { type EditedCredential, LlmCredentialDialog } from "./llm-credential-dialog.tsx";

export function LlmCredentialCard({
  credential,
  organizationId,
  showProject = false,
  usage,
  canManage = true,
  deleteTitle,
  deleteDescription,
  onDelete,
}: {
  credential: EditedCredential;
  /** Left out for a platform credential. */
  organizationId?: string;
  /** Whether the key line names the Google Cloud project. */
  showProject?: boolean;
  usage: ReactNode;
  canManage?: boolean;
  deleteTitle: string;
  deleteDescription: string;
  onDelete: () => Promise<unknown>;
}) {
  return (
    <Card>
      <CardHeading
        title={
          <>
            {credential.name} <Badge variant="outline">{llmTypeLabels[credential.llmType]}</Badge>
          </>
        }
        titleClassName="flex flex-wrap items-center gap-2"
        description={
          <>
            Key {credential.keyHint}
            {credential.baseUrl ? ` · ${credential.baseUrl}` : ""}
            {showProject && credential.projectId ? ` · project ${credential.projectId}` : ""}
          </>
        }
      />
      <CardContent className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        {usage}
        {canManage ? (
          <div className="flex gap-2">
            <LlmCredentialDialog
              organizationId={organizationId}
              credential={credential}
              trigger={<ItemActionButton>Edit</ItemActionButton>}
            />
            <ConfirmDialog
              trigger={<ItemActionButton>Delete</ItemActionButton>}
              title={deleteTitle}
              subject={credential.name}
              description={deleteDescription}
              onConfirm={onDelete}
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
