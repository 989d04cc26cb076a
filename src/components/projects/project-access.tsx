// Who can open the project: organization owners and admins always (as project admins), plain members
// through an explicit permission that a project admin grants, changes or revokes here.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { toastOutcome } from "~/components/forms/toast-outcome.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";
import { OptionSelect } from "~/components/ui/select.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { type ProjectRole, projectRoles } from "~/lib/validation.ts";

const NO_ACCESS = "none";
const accessChoices = [
  { value: NO_ACCESS, label: "No access" },
  ...projectRoles.map((role) => ({ value: role, label: role })),
];

export function ProjectAccess(props: { projectId: string; organizationId: string; canManage: boolean }) {
  const { projectId, organizationId, canManage } = props;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: members } = useSuspenseQuery(
    trpc.projectPermissions.getOrganizationMembersWithProjectAccess.queryOptions({
      organizationId,
      projectId,
    }),
  );
  const grant = useMutation(trpc.projectPermissions.setProjectMemberRole.mutationOptions());
  const revoke = useMutation(trpc.projectPermissions.removeProjectMember.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.projectPermissions.pathKey() });

  const change = (userId: string, name: string, value: string) => {
    const callbacks = toastOutcome(
      value === NO_ACCESS ? `${name} no longer has access` : `${name} is now ${value}`,
      refresh,
    );
    if (value === NO_ACCESS) revoke.mutate({ projectId, userId }, callbacks);
    else grant.mutate({ projectId, userId, role: value as ProjectRole }, callbacks);
  };

  return (
    <SectionCard
      title="Access"
      description="Organization owners and admins administer every project. Give members viewer, editor or admin access here."
      contentClassName="pt-2"
    >
      {/* At phone width each member stacks (name and e-mail, then role and access), as on Members. */}
      <Table className="max-sm:block">
        <TableHeader className="max-sm:sr-only">
          <TableRow>
            <TableHead>Member</TableHead>
            <TableHead>Organization role</TableHead>
            <TableHead>Project access</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody className="max-sm:block">
          {members.map((member) => (
            <TableRow
              key={member.userId}
              className="max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:items-center max-sm:py-2"
            >
              <TableCell className="max-sm:col-span-2 max-sm:px-1 max-sm:py-0.5">
                <div className="font-medium">{member.name}</div>
                <div className="text-xs text-muted-foreground max-sm:break-all">{member.email}</div>
              </TableCell>
              <TableCell className="max-sm:px-1 max-sm:py-1">
                <Badge variant="secondary">{member.organizationRole}</Badge>
              </TableCell>
              <TableCell className="max-sm:px-1 max-sm:py-1">
                {canManage && member.organizationRole === "member" ? (
                  <OptionSelect
                    className="w-36"
                    aria-label={`Project access of ${member.name}`}
                    value={member.projectRole ?? NO_ACCESS}
                    onValueChange={(value) => change(member.userId, member.name, value)}
                    options={accessChoices}
                  />
                ) : member.effectiveRole ? (
                  <Badge variant="outline">{member.effectiveRole}</Badge>
                ) : (
                  <span className="text-sm text-muted-foreground">No access</span>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {grant.isPending || revoke.isPending ? (
        <Button variant="ghost" size="sm" disabled className="mt-2">
          Saving…
        </Button>
      ) : null}
    </SectionCard>
  );
}
