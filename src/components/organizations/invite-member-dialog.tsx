import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { useSubmitForm } from "~/components/forms/use-submit-form.ts";
import { Button } from "~/components/ui/button.tsx";
import { FormDialog } from "~/components/ui/form-dialog.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import {
  OptionSelect,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "~/components/ui/select.tsx";
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
  const form = useSubmitForm();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    const sent = await form.submit(event, {
      schema,
      values: { email, role },
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
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        form.setFormError(null);
      }}
      trigger={
        <Button>
          <UserPlus className="size-4" aria-hidden="true" /> Invite member
        </Button>
      }
      contentClassName="max-h-[90svh] overflow-y-auto"
      title="Invite a member"
      description="They get an email with a link to join. The invitation expires in 7 days."
      onSubmit={submit}
      error={form.formError}
      pending={invite.isPending}
      submitLabel="Send invitation"
      pendingLabel="Sending…"
      onCancel={() => setOpen(false)}
    >
      <FormField label="Email address" error={form.errors.email}>
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
      <FormField label="Role" error={form.errors.role}>
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
                <OptionSelect
                  className="w-36 shrink-0"
                  aria-label={`Access to ${project.name}`}
                  value={projectRoles[project.id] ?? NO_ACCESS}
                  onValueChange={(value) =>
                    setProjectRoles((current) => {
                      const { [project.id]: _dropped, ...rest } = current;
                      return value === NO_ACCESS ? rest : { ...rest, [project.id]: value as ProjectRole };
                    })
                  }
                  options={projectRoleChoices}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
