// Every signed-in session on the instance (site admins): who, from which device and address, for how
// long; end one, or every session of that person.

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { MonitorSmartphone } from "lucide-react";
import { toast } from "sonner";
import { ActionDialog } from "~/components/admin/action-dialog.tsx";
import { useAdminListState } from "~/components/admin/admin-list.tsx";
import { AdminListPage } from "~/components/admin/admin-list-page.tsx";
import { RowActionButton } from "~/components/admin/row-action-button.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { TableCell, TableHead, TableRow } from "~/components/ui/table.tsx";
import { seo } from "~/lib/seo.ts";
import { type RouterOutputs, useTRPC } from "~/lib/trpc.ts";

const PAGE_SIZE = 20;

export const Route = createFileRoute("/app/admin/auth-sessions")({
  head: () => seo({ title: "Sessions · Portico", noindex: true }),
  staticData: { crumb: "Sessions" },
  component: AuthSessionsPage,
});

type SessionRow = RouterOutputs["admin"]["getAuthSessions"]["sessions"][number];

function AuthSessionsPage() {
  const trpc = useTRPC();
  const list = useAdminListState({ q: "", page: 1 });
  const sessions = useQuery({
    ...trpc.admin.getAuthSessions.queryOptions({
      search: list.state.q,
      page: list.state.page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <AdminListPage
      title="Sessions"
      description="Everyone signed in to this instance, most recently active first."
      search={{ id: "session-search", placeholder: "Name, email or address" }}
      list={list}
      query={sessions}
      what="The sessions"
      empty={{
        icon: MonitorSmartphone,
        title: "Nobody is signed in",
        noMatch: "No session matches",
        searchHint: "Search by part of a name, an email or an address.",
      }}
      tableTestId="sessions-table"
      columns={
        <>
          <TableHead>User</TableHead>
          <TableHead className="hidden sm:table-cell">Device</TableHead>
          <TableHead className="hidden md:table-cell">Address</TableHead>
          <TableHead className="hidden sm:table-cell">Signed in</TableHead>
        </>
      }
    >
      {(data) => data.sessions.map((row) => <SessionRowView key={row.id} row={row} />)}
    </AdminListPage>
  );
}

function SessionRowView({ row }: { row: SessionRow }) {
  const { user: me } = Route.useRouteContext();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revokeOne = useMutation(trpc.admin.revokeSession.mutationOptions());
  const revokeAll = useMutation(trpc.admin.revokeUserSessions.mutationOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
  const isSelf = row.user.id === me.id;

  return (
    <TableRow data-session-user={row.user.email}>
      <TableCell>
        <div className="flex flex-col">
          <span className="font-medium">
            {row.user.name} {isSelf ? <Badge variant="secondary">you</Badge> : null}
          </span>
          <span className="text-xs break-all text-muted-foreground">{row.user.email}</span>
          {/* At phone width the device sits here, so the sign-out buttons stay on screen. */}
          <span className="text-xs text-muted-foreground sm:hidden">{row.device}</span>
        </div>
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        <span title={row.userAgent ?? undefined}>{row.device}</span>
        <span className="block text-xs text-muted-foreground md:hidden">
          {row.ipAddress || "Unknown address"}
        </span>
      </TableCell>
      <TableCell className="hidden md:table-cell">{row.ipAddress || "Unknown"}</TableCell>
      <TableCell className="hidden text-sm text-muted-foreground sm:table-cell">
        <DateTime value={row.createdAt} show="relative" />
      </TableCell>
      <TableCell>
        <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
          <ActionDialog
            trigger={
              <RowActionButton whose={` ${row.user.email} on ${row.device}`}>Sign out</RowActionButton>
            }
            title="End this session"
            description={
              <>
                <strong className="text-foreground">{row.user.email}</strong> is signed out on {row.device}
                {row.ipAddress ? ` (${row.ipAddress})` : ""}.
                {isSelf ? " This may be the browser you are using." : ""}
              </>
            }
            confirmLabel="Sign out"
            destructive
            onConfirm={async () => {
              await revokeOne.mutateAsync({ sessionId: row.id });
              toast.success(`Session of ${row.user.email} ended`);
              await refresh();
            }}
          />
          <ActionDialog
            trigger={
              <RowActionButton whose={` sessions of ${row.user.email}`} className="hidden sm:inline-flex">
                All
              </RowActionButton>
            }
            title="End every session of this user"
            description={
              <>
                <strong className="text-foreground">{row.user.email}</strong> is signed out on every device.
                {isSelf ? " That includes you, here." : ""}
              </>
            }
            confirmLabel="Sign out everywhere"
            destructive
            onConfirm={async () => {
              await revokeAll.mutateAsync({ userId: row.user.id });
              toast.success(`${row.user.email} is signed out everywhere`);
              await refresh();
            }}
          />
        </div>
      </TableCell>
    </TableRow>
  );
}
