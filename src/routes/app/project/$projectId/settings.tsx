import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { z } from "zod";
import { ReturnUrlsCard } from "~/components/external-users/return-urls-card.tsx";
import { useSubmitForm } from "~/components/forms/use-submit-form.ts";
import { AuthorizedClientsCard } from "~/components/projects/authorized-clients-card.tsx";
import { ProjectAccess } from "~/components/projects/project-access.tsx";
import { ToolDiscoveryCard } from "~/components/projects/tool-discovery-card.tsx";
import { DeleteCard } from "~/components/ui/delete-card.tsx";
import { FormCard } from "~/components/ui/form-card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { seo } from "~/lib/seo.ts";
import { projectDescriptionField, projectNameField } from "~/lib/validation.ts";

const schema = z.object({ name: projectNameField, description: projectDescriptionField });

export const Route = createFileRoute("/app/project/$projectId/settings")({
  head: () => seo({ title: "Project settings · Portico", noindex: true }),
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const project = await queryClient.ensureQueryData(
      trpc.project.getById.queryOptions({ projectId: params.projectId }),
    );
    await Promise.all([
      queryClient.ensureQueryData(
        trpc.projectPermissions.getProjectMembers.queryOptions({ projectId: project.id }),
      ),
      queryClient.ensureQueryData(
        trpc.projectPermissions.getOrganizationMembersWithProjectAccess.queryOptions({
          organizationId: project.organizationId,
          projectId: project.id,
        }),
      ),
    ]);
  },
  component: ProjectSettings,
});

function ProjectSettings() {
  const { projectId } = Route.useParams();
  const { trpc } = Route.useRouteContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);
  const form = useSubmitForm();
  const update = useMutation(trpc.project.update.mutationOptions());
  const remove = useMutation(trpc.project.delete.mutationOptions());
  const canRename = project.permissions["project.rename"];

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      schema,
      values: { name, description },
      save: async () => {
        await update.mutateAsync({ projectId, name, description });
        await queryClient.invalidateQueries();
      },
      success: "Project saved",
    });

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Project settings"
        description={`Name, tool discovery, access and deletion of ${project.name}.`}
      />
      <FormCard
        title="General"
        onSubmit={submit}
        error={form.formError}
        pending={update.isPending}
        submitLabel="Save"
        pendingLabel="Saving…"
        canSubmit={canRename}
      >
        <FormField label="Project name" error={form.errors.name}>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={!canRename || update.isPending}
          />
        </FormField>
        <FormField label="Description" error={form.errors.description}>
          <Textarea
            value={description}
            rows={3}
            onChange={(e) => setDescription(e.target.value)}
            disabled={!canRename || update.isPending}
          />
        </FormField>
      </FormCard>
      <ToolDiscoveryCard
        projectId={projectId}
        toolDiscovery={project.toolDiscovery}
        pinnedTools={project.pinnedTools}
        canConfigure={project.permissions["tools.configure"]}
      />
      <ProjectAccess
        projectId={projectId}
        organizationId={project.organizationId}
        canManage={project.permissions["project.manageAccess"]}
      />
      {project.permissions["project.manageAccess"] ? <AuthorizedClientsCard projectId={projectId} /> : null}
      <ReturnUrlsCard projectId={projectId} canManage={project.permissions["externalUsers.manage"]} />
      {project.permissions["project.delete"] ? (
        <DeleteCard
          what="project"
          description="Deletes the project and everyone's access to it. This cannot be undone."
          subject={project.name}
          onDelete={async () => {
            await remove.mutateAsync({ projectId });
            await queryClient.invalidateQueries();
            toast.success(`Project ${project.name} deleted`);
            await navigate({
              to: "/app/organization/$organizationId",
              params: { organizationId: project.organizationId },
            });
          }}
        />
      ) : null}
    </div>
  );
}
