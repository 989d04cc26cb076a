import { useMutation } from "@tanstack/react-query";
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
import { PASSWORD_MIN_LENGTH, passwordField } from "~/lib/validation.ts";

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
    <Card>
      <form onSubmit={(event) => void form.onSubmit(event)} noValidate>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>You stay signed in here after changing it.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 pt-4">
          <FormAlert message={form.serverError} />
          <BoundInput
            form={form}
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            disabled={form.pending}
          />
          <BoundInput
            form={form}
            name="newPassword"
            label="New password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            type="password"
            autoComplete="new-password"
            disabled={form.pending}
          />
        </CardContent>
        <CardFooter className="pt-4">
          <Button type="submit" disabled={form.pending}>
            {form.pending ? "Changing…" : "Change password"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
