// Every account on the instance (site admins): search, sort, pages, and per person their role, a ban,
// their sessions and deletion.

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Users } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { TwoFactorBadge } from "~/components/account/two-factor/two-factor-badge.tsx";
import { ActionDialog } from "~/components/admin/action-dialog.tsx";
import { useAdminListState } from "~/components/admin/admin-list.tsx";
import { AdminListPage } from "~/components/admin/admin-list-page.tsx";
import { RowActionButton } from "~/components/admin/row-action-button.tsx";
import { SortHeader } from "~/components/admin/sort-header.tsx";
import { UserSessionsDialog } from "~/components/admin/user-sessions-dialog.tsx";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { Label } from "~/components/ui/label.tsx";
import { OptionSelect } from "~/components/ui/select.tsx";
import { TableCell, TableHead, TableRow } from "~/components/ui/table.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { seo } from "~/lib/seo.ts";
import { type RouterOutputs, useTRPC } from "~/lib/trpc.ts";

const PAGE_SIZE = 20;
const siteRoles = [
  { value: "user", label: "user" },
  { value: "admin", label: "admin" },
];

export const Route = createFileRoute("/app/admin/users")({
  head: () => seo({ title: "Users · Portico", noindex: true }),
  staticData: { crumb: "Users" },
  component: UsersPage,
});

type UserRow = RouterOutputs["admin"]["getUsers"]["users"][number];
interface TableState {
  q: string;
  sort: "name" | "email" | "createdAt" | "role";
  dir: "asc" | "desc";
  page: number;
}

function UsersPage() {
  const { user: me } = Route.useRouteContext();
  const trpc = useTRPC();
  const list = useAdminListState<TableState>({
    q: "",
    sort: "createdAt",
    dir: "desc",
    page: 1,
  });
  const search = list.state;
  const users = useQuery({
    ...trpc.admin.getUsers.queryOptions({
      search: search.q,
      sort: search.sort,
      direction: search.dir,
      page: search.page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const sortBy = {
    sort: search.sort,
    direction: search.dir,
    onSort: (sort: TableState["sort"], dir: TableState["dir"]) => list.update({ sort, dir, page: 1 }),
  };

  return (
    <AdminListPage
      title="Users"
      description="Every account on this instance."
      search={{ id: "user-search", placeholder: "Name or email" }}
      list={list}
      query={users}
      what="The users"
      empty={{
        icon: Users,
        title: "No users yet",
        noMatch: "No user matches",
        searchHint: "Check the spelling, or search by part of a name or email.",
      }}
      tableTestId="users-table"
      columns={
        <>
          <SortHeader field="name" label="Name" {...sortBy} />
          <SortHeader field="email" label="Email" className="hidden md:table-cell" {...sortBy} />
          <SortHeader field="role" label="Role" {...sortBy} />
          <SortHeader field="createdAt" label="Joined" className="hidden lg:table-cell" {...sortBy} />
          <TableHead className="hidden sm:table-cell">Two-factor</TableHead>
        </>
      }
    >
      {(data) => data.users.map((row) => <UserRowView key={row.id} row={row} isSelf={row.id === me.id} />)}
    </AdminListPage>
  );
}

function UserRowView({ row, isSelf }: { row: UserRow; isSelf: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const setRole = useMutation(trpc.admin.setUserRole.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });

  return (
    <TableRow data-user={row.email}>
      <TableCell>
        <div className="flex flex-col">
          <span className="font-medium">
            {row.name} {isSelf ? <span className="text-muted-foreground">(you)</span> : null}
          </span>
          <span className="text-xs text-muted-foreground md:hidden">{row.email}</span>
          {/* At phone width the two-factor column is hidden: its state sits under the name. */}
          <span className="mt-1 sm:hidden">
            <TwoFactorBadge enabled={row.twoFactorEnabled} />
          </span>
          {row.banned ? (
            <span className="mt-1 flex flex-wrap items-center gap-1 text-xs">
              <Badge variant="destructive">Banned</Badge>
              <span className="text-muted-foreground">{row.banReason}</span>
            </span>
          ) : null}
          {/* At phone width the actions sit under the name instead of in a column off to the right. */}
          <div className="mt-1 sm:hidden">
            <UserActions row={row} isSelf={isSelf} />
          </div>
        </div>
      </TableCell>
      <TableCell className="hidden md:table-cell">{row.email}</TableCell>
      <TableCell>
        {isSelf ? (
          <Badge variant="secondary">{row.role}</Badge>
        ) : (
          <OptionSelect
            className="w-24"
            aria-label={`Site role of ${row.email}`}
            value={row.role}
            disabled={setRole.isPending}
            onValueChange={(role) =>
              setRole.mutate(
                { userId: row.id, role: role as "user" | "admin" },
                {
                  onSuccess: () => {
                    toast.success(
                      role === "admin" ? `${row.email} is now a site admin` : `${row.email} is now a user`,
                    );
                    void refresh();
                  },
                  onError: (error) => toast.error(errorMessage(error)),
                },
              )
            }
            options={siteRoles}
          />
        )}
      </TableCell>
      <TableCell className="hidden text-sm text-muted-foreground lg:table-cell">
        <DateTime value={row.createdAt} show="date" />
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        <TwoFactorBadge enabled={row.twoFactorEnabled} />
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        <UserActions row={row} isSelf={isSelf} />
      </TableCell>
    </TableRow>
  );
}

/** Sessions, ban or unban, and delete for one user (not offered on the admin's own row). */
function UserActions({ row, isSelf }: { row: UserRow; isSelf: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ban = useMutation(trpc.admin.banUser.mutationOptions());
  const unban = useMutation(trpc.admin.unbanUser.mutationOptions());
  const remove = useMutation(trpc.admin.deleteUser.mutationOptions());
  const resetTwoFactor = useMutation(trpc.admin.resetTwoFactor.mutationOptions());
  const [reason, setReason] = useState("");
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
  return (
    <div className="flex flex-wrap gap-1 sm:justify-end">
      <UserSessionsDialog user={row} />
      {/* Keyed apart: after a ban the row re-renders with the unban dialog, which must not inherit the
            ban dialog's open state. */}
      {isSelf ? null : row.banned ? (
        <ActionDialog
          key="unban"
          trigger={<RowActionButton whose={` ${row.email}`}>Unban</RowActionButton>}
          title="Lift the ban"
          description={
            <>
              <strong className="text-foreground">{row.email}</strong> can sign in again.
            </>
          }
          confirmLabel="Unban"
          onConfirm={async () => {
            await unban.mutateAsync({ userId: row.id });
            toast.success(`${row.email} can sign in again`);
            await refresh();
          }}
        />
      ) : (
        <ActionDialog
          key="ban"
          trigger={<RowActionButton whose={` ${row.email}`}>Ban</RowActionButton>}
          title="Ban user"
          description={
            <>
              <strong className="text-foreground">{row.email}</strong> is signed out everywhere at once and
              cannot sign in until the ban is lifted.
            </>
          }
          confirmLabel="Ban"
          destructive
          onOpenChange={(open) => {
            if (open) setReason("");
          }}
          onConfirm={async () => {
            await ban.mutateAsync({ userId: row.id, reason });
            toast.success(`${row.email} is banned`);
            await refresh();
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={`ban-reason-${row.id}`}>Reason (kept with the account)</Label>
            <Textarea
              id={`ban-reason-${row.id}`}
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
        </ActionDialog>
      )}
      {/* For someone who lost their phone and backup codes; an admin's own is turned off on the account page. */}
      {isSelf || !row.twoFactorEnabled ? null : (
        <ActionDialog
          trigger={<RowActionButton whose={` of ${row.email}`}>Reset two-factor</RowActionButton>}
          title="Reset two-factor authentication"
          description={
            <>
              Turns off two-factor sign-in for <strong className="text-foreground">{row.name}</strong> (
              {row.email}) and signs them out everywhere. They sign in again with their password alone, and
              can set two-factor up again on their account page. Do this only after making sure it is really
              them.
            </>
          }
          confirmLabel="Reset two-factor"
          destructive
          onConfirm={async () => {
            await resetTwoFactor.mutateAsync({ userId: row.id });
            toast.success(`Two-factor authentication reset for ${row.email}`);
            await refresh();
          }}
        />
      )}
      {isSelf ? null : (
        <ActionDialog
          trigger={
            <RowActionButton whose={` ${row.email}`} className="text-destructive">
              Delete
            </RowActionButton>
          }
          title="Delete user"
          description={
            <>
              This permanently deletes the account <strong className="text-foreground">{row.email}</strong>,
              its memberships and API keys. This cannot be undone.
            </>
          }
          confirmLabel="Delete"
          destructive
          onConfirm={async () => {
            await remove.mutateAsync({ userId: row.id });
            toast.success(`${row.email} deleted`);
            await refresh();
          }}
        />
      )}
    </div>
  );
}
