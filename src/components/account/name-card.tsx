import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { toast } from "sonner";
import { z } from "zod";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { BoundInput } from "~/components/forms/bound-input.tsx";
import { useInlineForm } from "~/components/forms/use-inline-form.ts";
import { Button } from "~/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/components/ui/card.tsx";
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
    <Card>
      <form onSubmit={(event) => void form.onSubmit(event)} noValidate>
        <CardHeader>
          <CardTitle>Name</CardTitle>
          <CardDescription>How other members of your organizations see you.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 pt-4">
          <FormAlert message={form.serverError} />
          <BoundInput form={form} name="name" label="Your name" autoComplete="name" disabled={form.pending} />
        </CardContent>
        <CardFooter className="pt-4">
          <Button type="submit" disabled={form.pending || form.values.name.trim() === name}>
            {form.pending ? "Saving…" : "Save name"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
