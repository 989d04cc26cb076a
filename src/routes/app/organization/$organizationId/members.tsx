import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { toast } from "sonner";
import { TwoFactorBadge } from "~/components/account/two-factor/two-factor-badge.tsx";
import { toastOutcome } from "~/components/forms/toast-outcome.ts";
import { InviteMemberDialog } from "~/components/organizations/invite-member-dialog.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";
import { OptionSelect } from "~/components/ui/select.tsx";
import { TableCell, TableHead, TableRow } from "~/components/ui/table.tsx";
import { TableCard } from "~/components/ui/table-card.tsx";
import { canManageMemberRole } from "~/lib/permissions.ts";
import { seo } from "~/lib/seo.ts";
import { type OrganizationRole, organizationRoles } from "~/lib/validation.ts";

export const Route = createFileRoute("/app/organization/$organizationId/members")({
  head: () => seo({ title: "Members · Portico", noindex: true }),
  loader: ({ context: { queryClient, trpc }, params }) =>
    Promise.all([
      queryClient.ensureQueryData(
        trpc.organization.getOrganizationDetail.queryOptions({ id: params.organizationId }),
      ),
      queryClient.ensureQueryData(
        trpc.organizationMember.getMembersByOrganizationId.queryOptions({
          organizationId: params.organizationId,
        }),
      ),
    ]),
  component: MembersPage,
});

function MembersPage() {
  const { organizationId } = Route.useParams();
  const { trpc, user } = Route.useRouteContext();
  const queryClient = useQueryClient();
  const { data: organization } = useSuspenseQuery(
    trpc.organization.getOrganizationDetail.queryOptions({ id: organizationId }),
  );
  const { data: members } = useSuspenseQuery(
    trpc.organizationMember.getMembersByOrganizationId.queryOptions({ organizationId }),
  );
  const canInvite = organization.permissions["members.invite"];
  const invitations = useQuery({
    ...trpc.organizationInvitations.getOrganizationInvitations.queryOptions({ organizationId }),
    enabled: canInvite,
  });
  const changeRole = useMutation(trpc.organizationMember.changeRole.mutationOptions());
  const remove = useMutation(trpc.organizationMember.remove.mutationOptions());
  const withdraw = useMutation(trpc.organizationInvitations.withdraw.mutationOptions());
  const refresh = () => queryClient.invalidateQueries();

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Members"
        description={`People in ${organization.name} and what they may do.`}
        action={
          canInvite ? (
            <InviteMemberDialog organizationId={organizationId} projects={organization.projects} />
          ) : null
        }
      />
      {/* At phone width each member is a stacked row (name, email, role + actions) so nothing
          scrolls sideways; from sm up it is the usual table. */}
      <TableCard
        stackOnPhone
        columns={
          <>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
          </>
        }
      >
        {members.map((member) => {
          const isSelf = member.userId === user?.id;
          const canEdit = !isSelf && canManageMemberRole(organization.role, member.role);
          return (
            <TableRow
              key={member.id}
              className="max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:items-center max-sm:py-2"
            >
              <TableCell className="font-medium max-sm:col-span-2 max-sm:px-1 max-sm:py-0.5">
                {member.name} {isSelf ? <span className="text-muted-foreground">(you)</span> : null}
                {/* Owners and admins see who has two-factor sign-in (the policy's lockout list). */}
                {member.twoFactorEnabled === null ? null : (
                  <span className="ml-2 align-middle">
                    <TwoFactorBadge enabled={member.twoFactorEnabled} />
                  </span>
                )}
              </TableCell>
              <TableCell className="max-sm:col-span-2 max-sm:px-1 max-sm:py-0.5 max-sm:break-all max-sm:text-muted-foreground">
                {member.email}
              </TableCell>
              <TableCell className="max-sm:px-1 max-sm:py-1">
                {canEdit ? (
                  <OptionSelect
                    className="w-32"
                    aria-label={`Role of ${member.name}`}
                    value={member.role}
                    onValueChange={(role) =>
                      changeRole.mutate(
                        { organizationId, memberId: member.id, role: role as OrganizationRole },
                        toastOutcome(`${member.name} is now ${role}`, refresh),
                      )
                    }
                    options={organizationRoles
                      .filter((role) => canManageMemberRole(organization.role, member.role, role))
                      .map((role) => ({ value: role, label: role }))}
                  />
                ) : (
                  <Badge variant="secondary">{member.role}</Badge>
                )}
              </TableCell>
              <TableCell className="text-right max-sm:px-1 max-sm:py-1">
                {canEdit && organization.permissions["members.remove"] ? (
                  <ConfirmDialog
                    trigger={
                      <Button variant="ghost" size="sm">
                        Remove
                      </Button>
                    }
                    title="Remove member"
                    subject={`${member.name}'s membership`}
                    description="They lose access to the organization and its projects at once."
                    confirmLabel="Remove"
                    verb="remove"
                    onConfirm={async () => {
                      await remove.mutateAsync({ organizationId, memberId: member.id });
                      toast.success(`${member.name} removed`);
                      await refresh();
                    }}
                  />
                ) : null}
              </TableCell>
            </TableRow>
          );
        })}
      </TableCard>
      {canInvite ? (
        <SectionCard
          title="Pending invitations"
          description="Sent and not yet answered."
          contentClassName="pt-4"
        >
          {invitations.isPending ? (
            <p className="text-sm text-muted-foreground">Loading…</p>
          ) : (invitations.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No pending invitations. Use “Invite member” to add someone.
            </p>
          ) : (
            <ul className="divide-y">
              {(invitations.data ?? []).map((invitation) => (
                <li key={invitation.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span>
                    {invitation.email} <Badge variant="outline">{invitation.role}</Badge>
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={withdraw.isPending}
                    onClick={() =>
                      withdraw.mutate(
                        { organizationId, invitationId: invitation.id },
                        toastOutcome(`Invitation to ${invitation.email} withdrawn`, refresh, "info"),
                      )
                    }
                  >
                    Withdraw
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      ) : null}
    </div>
  );
}
