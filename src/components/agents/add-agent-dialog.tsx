// "Add to project" from the marketplace: pick one of the projects the person can configure, add the
// agent there, and go straight to its 'Configure Agent' page.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { messageOf } from "~/components/forms/form-errors.ts";
import { AddButton } from "~/components/ui/add-button.tsx";
import { FormDialog } from "~/components/ui/form-dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { OptionSelect } from "~/components/ui/select.tsx";
import { useTRPC } from "~/lib/trpc.ts";

export interface ProjectChoice {
  id: string;
  name: string;
}

export function AddAgentDialog({
  presetId,
  agentName,
  projects,
}: {
  presetId: string;
  agentName: string;
  projects: ProjectChoice[];
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const add = useMutation(trpc.projectAgents.addToProject.mutationOptions());
  const [open, setOpen] = useState(false);
  const [projectId, setProjectId] = useState(projects[0]?.id ?? "");
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!projectId) {
      setError("Choose a project");
      return;
    }
    try {
      const added = await add.mutateAsync({ projectId, presetId });
      await queryClient.invalidateQueries({ queryKey: trpc.projectAgents.pathKey() });
      setOpen(false);
      await navigate({
        to: "/app/project/$projectId/agents/$agentId",
        params: { projectId, agentId: added.id },
      });
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
      trigger={<AddButton disabled={projects.length === 0}>Add to project</AddButton>}
      title={<>Add {agentName} to a project</>}
      description="The agent becomes a tool of the project's MCP server. You choose its LLM credential and models next."
      onSubmit={submit}
      pending={add.isPending}
      submitLabel="Add agent"
      pendingLabel="Adding…"
    >
      <FormField label="Project" error={error}>
        <OptionSelect
          value={projectId}
          onValueChange={setProjectId}
          placeholder="Choose a project"
          options={projects.map((project) => ({ value: project.id, label: project.name }))}
        />
      </FormField>
    </FormDialog>
  );
}
