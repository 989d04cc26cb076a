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
      description="A project gets its own MCP endpoint, API keys and servers."
      nameLabel="Project name"
      submitLabel="Create project"
      withDescription
      schema={z.object({ name: projectNameField, description: projectDescriptionField })}
      successMessage={(name) => `Project “${name}” created`}
      onSubmit={async (values) => {
        const project = await create.mutateAsync({ organizationId, ...values });
        await queryClient.invalidateQueries({ queryKey: trpc.organization.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.projectPermissions.pathKey() });
        await navigate({ to: "/app/project/$projectId", params: { projectId: project.id } });
      }}
    />
  );
}
