import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { z } from "zod";
import { NameDialog } from "~/components/forms/name-dialog.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { organizationNameField } from "~/lib/validation.ts";

export function CreateOrganizationDialog({ trigger }: { trigger: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(trpc.organization.create.mutationOptions());
  return (
    <NameDialog
      trigger={trigger}
      title="Create organization"
      description="An organization holds your team, its projects and its connected integrations."
      nameLabel="Organization name"
      submitLabel="Create organization"
      schema={z.object({ name: organizationNameField })}
      successMessage={(name) => `Organization “${name}” created`}
      onSubmit={async ({ name }) => {
        const organization = await create.mutateAsync({ name });
        await queryClient.invalidateQueries({ queryKey: trpc.organization.pathKey() });
        await navigate({
          to: "/app/organization/$organizationId",
          params: { organizationId: organization.id },
        });
      }}
    />
  );
}
