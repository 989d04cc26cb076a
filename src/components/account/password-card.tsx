import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { z } from "zod";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { NewPasswordInput } from "~/components/forms/new-password-input.tsx";
import { useInlineForm } from "~/components/forms/use-inline-form.ts";
import { FormCard } from "~/components/ui/form-card.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { passwordField } from "~/lib/validation.ts";

const schema = z.object({
  currentPassword: z.string().min(1, "Enter your current password"),
  newPassword: passwordField,
});

export function PasswordCard() {
  const trpc = useTRPC();
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const form = useInlineForm({
    schema,
    initial: { currentPassword: "", newPassword: "" },
    save: (data) => change.mutateAsync(data),
    onSaved: () => {
      form.setValues({ currentPassword: "", newPassword: "" });
      toast.success("Password changed");
    },
  });
  return (
    <FormCard
      title="Password"
      description="You stay signed in here after changing it."
      onSubmit={form.onSubmit}
      error={form.serverError}
      pending={form.pending}
      submitLabel="Change password"
      pendingLabel="Changing…"
    >
      <BoundInput
        form={form}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        disabled={form.pending}
      />
      <NewPasswordInput form={form} name="newPassword" label="New password" disabled={form.pending} />
    </FormCard>
  );
}
