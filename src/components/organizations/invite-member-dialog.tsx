import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { type FieldErrors, submitForm } from "~/components/forms/form-errors.ts";
import { useFocusFirstError } from "~/components/forms/use-focus-first-error.ts";
import { Button } from "~/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { emailField, invitableRoles } from "~/lib/validation.ts";

type InvitableRole = (typeof invitableRoles)[number];
const schema = z.object({ email: emailField, role: z.enum(invitableRoles) });

export function InviteMemberDialog({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invite = useMutation(trpc.organizationInvitations.invite.mutationOptions());
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("member");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const focusFirstError = useFocusFirstError();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const sent = await submitForm({
      schema,
      values: { email, role },
      setErrors,
      showError: setFormError,
      onFailed: () => focusFirstError(form),
      save: async () => {
        await invite.mutateAsync({ organizationId, email, role });
        await queryClient.invalidateQueries({ queryKey: trpc.organizationInvitations.pathKey() });
      },
      success: `Invitation sent to ${email.trim().toLowerCase()}`,
    });
    if (sent) {
      setEmail("");
      setOpen(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (invite.isPending) return;
        setOpen(next);
        setFormError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus className="size-4" aria-hidden="true" /> Invite member
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Invite a member</DialogTitle>
            <DialogDescription>
              They get an email with a link to join. The invitation expires in 7 days.
            </DialogDescription>
          </DialogHeader>
          <FormAlert message={formError} />
          <FormField label="Email address" error={errors.email}>
            <Input
              type="email"
              name="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={invite.isPending}
              autoFocus
            />
          </FormField>
          <FormField label="Role" error={errors.role}>
            <Select value={role} onValueChange={(value) => setRole(value as InvitableRole)}>
              <SelectTrigger aria-label="Role">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="member">Member — sees the projects they are given</SelectItem>
                <SelectItem value="admin">Admin — manages members and every project</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => setOpen(false)}
              disabled={invite.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? "Sending…" : "Send invitation"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
