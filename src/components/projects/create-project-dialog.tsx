import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { z } from "zod";
import { NameDialog } from "~/components/forms/name-dialog.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { projectDescriptionField, projectNameField } from "~/lib/validation.ts";

export function CreateProjectDialog({
  organizationId,
  trigger,
}: {
  organizationId: string;
  trigger: ReactNode;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(trpc.project.create.mutationOptions());
  return (
    <NameDialog
      trigger={trigger}
      title="Create project"
      description="A project gets its own MCP endpoint, API keys and servers. Protect writes is on: tools that delete or send ask the caller to confirm (change it under Policies)."
      nameLabel="Project name"
      submitLabel="Create project"
      withDescription
      schema={z.object({ name: projectNameField, description: projectDescriptionField })}
      successMessage={(name) => `Project “${name}” created`}
      onSubmit={async (values) => {
        // New projects start with Protect writes on (governance): destructive tools ask the caller first.
        const project = await create.mutateAsync({ organizationId, ...values, protectWrites: true });
        await queryClient.invalidateQueries({ queryKey: trpc.organization.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.projectPermissions.pathKey() });
        await navigate({ to: "/app/project/$projectId", params: { projectId: project.id } });
      }}
    />
  );
}
