import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { toast } from "sonner";
import { z } from "zod";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { useInlineForm } from "~/components/forms/use-inline-form.ts";
import { FormCard } from "~/components/ui/form-card.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { personNameField } from "~/lib/validation.ts";

const schema = z.object({ name: personNameField });

export function NameCard({ name }: { name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const update = useMutation(trpc.account.updateName.mutationOptions());
  const form = useInlineForm({
    schema,
    initial: { name },
    save: (data) => update.mutateAsync(data),
    onSaved: async (data) => {
      form.setValues({ name: data.name });
      toast.success("Name saved");
      await queryClient.invalidateQueries();
      // The session user (menu, greetings) is read by the router before each route.
      await router.invalidate();
    },
  });
  return (
    <FormCard
      title="Name"
      description="How other members of your organizations see you."
      onSubmit={form.onSubmit}
      error={form.serverError}
      pending={form.pending}
      submitLabel="Save name"
      pendingLabel="Saving…"
      submitDisabled={form.pending || form.values.name.trim() === name}
    >
      <BoundInput form={form} name="name" label="Your name" autoComplete="name" disabled={form.pending} />
    </FormCard>
  );
}
