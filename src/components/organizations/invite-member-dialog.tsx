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
import { emailField, invitableRoles, type ProjectRole } from "~/lib/validation.ts";

type InvitableRole = (typeof invitableRoles)[number];
const schema = z.object({ email: emailField, role: z.enum(invitableRoles) });

const NO_ACCESS = "none";
const projectRoleChoices: { value: ProjectRole | typeof NO_ACCESS; label: string }[] = [
  { value: NO_ACCESS, label: "No access" },
  { value: "viewer", label: "Viewer" },
  { value: "editor", label: "Editor" },
  { value: "admin", label: "Admin" },
];

/**
 * Invites by e-mail. A member sees only the projects they are given, so the invitation can name them
 * with a role each, granted on accepting: an invitee otherwise arrived with nothing to open.
 */
export function InviteMemberDialog({
  organizationId,
  projects,
}: {
  organizationId: string;
  /** The organization's projects the inviter can give (an admin's: all of them). */
  projects: { id: string; name: string }[];
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invite = useMutation(trpc.organizationInvitations.invite.mutationOptions());
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("member");
  const [projectRoles, setProjectRoles] = useState<Record<string, ProjectRole>>({});
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
        const granted = Object.entries(projectRoles).map(([projectId, projectRole]) => ({
          projectId,
          role: projectRole,
        }));
        await invite.mutateAsync({ organizationId, email, role, projects: role === "member" ? granted : [] });
        await queryClient.invalidateQueries({ queryKey: trpc.organizationInvitations.pathKey() });
      },
      success: `Invitation sent to ${email.trim().toLowerCase()}`,
    });
    if (sent) {
      setEmail("");
      setProjectRoles({});
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
      <DialogContent className="max-h-[90svh] overflow-y-auto">
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
          {role === "member" && projects.length > 0 ? (
            <fieldset className="flex flex-col gap-2" disabled={invite.isPending}>
              <legend className="mb-1 text-sm font-medium">Projects</legend>
              <p className="text-sm text-muted-foreground">
                What they can open once they accept. You can change it later on each project's settings.
              </p>
              <ul className="flex flex-col gap-2">
                {projects.map((project) => (
                  <li key={project.id} className="flex items-center justify-between gap-3">
                    <span className="min-w-0 truncate text-sm">{project.name}</span>
                    <Select
                      value={projectRoles[project.id] ?? NO_ACCESS}
                      onValueChange={(value) =>
                        setProjectRoles((current) => {
                          const { [project.id]: _dropped, ...rest } = current;
                          return value === NO_ACCESS ? rest : { ...rest, [project.id]: value as ProjectRole };
                        })
                      }
                    >
                      <SelectTrigger className="w-36 shrink-0" aria-label={`Access to ${project.name}`}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {projectRoleChoices.map((choice) => (
                          <SelectItem key={choice.value} value={choice.value}>
                            {choice.label}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
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
