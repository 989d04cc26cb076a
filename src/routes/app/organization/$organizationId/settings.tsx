import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { z } from "zod";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { type FieldErrors, submitForm } from "~/components/forms/form-errors.ts";
import { useFocusFirstError } from "~/components/forms/use-focus-first-error.ts";
import { ManagementTokensCard } from "~/components/management-tokens/management-tokens-card.tsx";
import { TwoFactorPolicyCard } from "~/components/organizations/two-factor-policy-card.tsx";
import { Button } from "~/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const focusFirstError = useFocusFirstError();
  const rename = useMutation(trpc.organization.rename.mutationOptions());
  const remove = useMutation(trpc.organization.delete.mutationOptions());
  const leave = useMutation(trpc.organizationMember.leave.mutationOptions());
  const canRename = organization.permissions["organization.rename"];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void submitForm({
      schema: z.object({ name: organizationNameField }),
      values: { name },
      setErrors,
      showError: setFormError,
      onFailed: () => focusFirstError(form),
      save: async () => {
        await rename.mutateAsync({ id: organizationId, name });
        await queryClient.invalidateQueries({ queryKey: trpc.organization.pathKey() });
      },
      success: "Organization renamed",
    });
  };

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader title="Settings" description={`General settings of ${organization.name}.`} />
      <Card>
        <form onSubmit={submit} noValidate>
          <CardHeader>
            <CardTitle>Name</CardTitle>
            <CardDescription>Shown to every member and on invitations.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4 pt-4">
            <FormAlert message={formError} />
            <FormField label="Organization name" error={errors.name}>
              <Input
                value={name}
                onChange={(e) => setName(e.target.value)}
                disabled={!canRename || rename.isPending}
              />
            </FormField>
          </CardContent>
          {canRename ? (
            <CardFooter className="pt-4">
              <Button type="submit" disabled={rename.isPending || name.trim() === organization.name}>
                {rename.isPending ? "Saving…" : "Save"}
              </Button>
            </CardFooter>
          ) : null}
        </form>
      </Card>
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
        <Card>
          <CardHeader>
            <CardTitle>Leave organization</CardTitle>
            <CardDescription>
              You lose access to its projects until someone invites you again.
            </CardDescription>
          </CardHeader>
          <CardFooter className="pt-4">
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
          </CardFooter>
        </Card>
      ) : null}
      {organization.permissions["organization.delete"] ? (
        <Card className="border-destructive/50">
          <CardHeader>
            <CardTitle>Delete organization</CardTitle>
            <CardDescription>
              Deletes the organization with all its projects, members and invitations. This cannot be undone.
            </CardDescription>
          </CardHeader>
          <CardFooter className="pt-4">
            <ConfirmDialog
              trigger={<Button variant="destructive">Delete organization</Button>}
              title="Delete organization"
              subject={organization.name}
              description={`Its ${counted(organization.projectCount, "project")} and every member's access go with it.`}
              requireTyping
              onConfirm={async () => {
                await remove.mutateAsync({ id: organizationId });
                await queryClient.invalidateQueries();
                toast.success(`Organization ${organization.name} deleted`);
                await navigate({ to: "/app/dashboard" });
              }}
            />
          </CardFooter>
        </Card>
      ) : null}
    </div>
  );
}
