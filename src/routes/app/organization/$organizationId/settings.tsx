import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { z } from "zod";
import { useSubmitForm } from "~/components/forms/use-submit-form.ts";
import { ManagementTokensCard } from "~/components/management-tokens/management-tokens-card.tsx";
import { TwoFactorPolicyCard } from "~/components/organizations/two-factor-policy-card.tsx";
import { ActionCard } from "~/components/ui/action-card.tsx";
import { Button } from "~/components/ui/button.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { DeleteCard } from "~/components/ui/delete-card.tsx";
import { FormCard } from "~/components/ui/form-card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { counted } from "~/lib/counted.ts";
import { seo } from "~/lib/seo.ts";
import { organizationNameField } from "~/lib/validation.ts";

export const Route = createFileRoute("/app/organization/$organizationId/settings")({
  head: () => seo({ title: "Organization settings · Portico", noindex: true }),
  loader: ({ context: { queryClient, trpc }, params }) =>
    queryClient.ensureQueryData(
      trpc.organization.getOrganizationDetail.queryOptions({ id: params.organizationId }),
    ),
  component: OrganizationSettings,
});

function OrganizationSettings() {
  const { organizationId } = Route.useParams();
  const { trpc } = Route.useRouteContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: organization } = useSuspenseQuery(
    trpc.organization.getOrganizationDetail.queryOptions({ id: organizationId }),
  );
  const [name, setName] = useState(organization.name);
  const form = useSubmitForm();
  const rename = useMutation(trpc.organization.rename.mutationOptions());
  const remove = useMutation(trpc.organization.delete.mutationOptions());
  const leave = useMutation(trpc.organizationMember.leave.mutationOptions());
  const canRename = organization.permissions["organization.rename"];

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.submit(event, {
      schema: z.object({ name: organizationNameField }),
      values: { name },
      save: async () => {
        await rename.mutateAsync({ id: organizationId, name });
        await queryClient.invalidateQueries({ queryKey: trpc.organization.pathKey() });
      },
      success: "Organization renamed",
    });

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader title="Settings" description={`General settings of ${organization.name}.`} />
      <FormCard
        title="Name"
        description="Shown to every member and on invitations."
        onSubmit={submit}
        error={form.formError}
        pending={rename.isPending}
        submitLabel="Save"
        pendingLabel="Saving…"
        submitDisabled={rename.isPending || name.trim() === organization.name}
        canSubmit={canRename}
      >
        <FormField label="Organization name" error={form.errors.name}>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={!canRename || rename.isPending}
          />
        </FormField>
      </FormCard>
      <TwoFactorPolicyCard
        organizationId={organizationId}
        organizationName={organization.name}
        canChange={organization.permissions["organization.requireTwoFactor"]}
      />
      <ManagementTokensCard
        organizationId={organizationId}
        canManage={organization.permissions["managementTokens.manage"]}
      />
      {organization.permissions["organization.leave"] && !organization.isLastOwner ? (
        <ActionCard
          title="Leave organization"
          description="You lose access to its projects until someone invites you again."
        >
          <ConfirmDialog
            trigger={<Button variant="outline">Leave organization</Button>}
            title="Leave organization"
            subject={organization.name}
            description="You will no longer see this organization or its projects."
            confirmLabel="Leave"
            verb="leave"
            onConfirm={async () => {
              await leave.mutateAsync({ organizationId });
              await queryClient.invalidateQueries();
              toast.success(`You left ${organization.name}`);
              await navigate({ to: "/app/dashboard" });
            }}
          />
        </ActionCard>
      ) : null}
      {organization.permissions["organization.delete"] ? (
        <DeleteCard
          what="organization"
          description="Deletes the organization with all its projects, members and invitations. This cannot be undone."
          subject={organization.name}
          consequence={`Its ${counted(organization.projectCount, "project")} and every member's access go with it.`}
          onDelete={async () => {
            await remove.mutateAsync({ id: organizationId });
            await queryClient.invalidateQueries();
            toast.success(`Organization ${organization.name} deleted`);
            await navigate({ to: "/app/dashboard" });
          }}
        />
      ) : null}
    </div>
  );
}
