// Owners' and admins' view of the accounts members connected for themselves (servers that use each
// caller's own account): who, which provider and account, its status, and Disconnect behind a
// confirmation. Tokens never reach the page; a member manages their own on their account page.

import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { UserRound } from "lucide-react";
import { Suspense, useId } from "react";
import { toast } from "sonner";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ItemActionButton } from "~/components/ui/item-action-button.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderWithActions,
  TableRow,
} from "~/components/ui/table.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { ConnectionStatusBadge } from "./connection-status-badge.tsx";

function MemberConnectionsTable({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: connections } = useSuspenseQuery(
    trpc.integrations.connections.getMemberConnections.queryOptions({ organizationId }),
  );
  const disconnect = useMutation(trpc.integrations.connections.disconnect.mutationOptions());

  if (connections.length === 0) {
    return (
      <EmptyState
        icon={UserRound}
        title="No member has connected their own account"
        description="When a project's server uses each caller's own account, members connect theirs and it shows here."
      />
    );
  }
  return (
    <Table>
      <TableHeaderWithActions>
        <TableHead>Member</TableHead>
        <TableHead className="hidden md:table-cell">Provider</TableHead>
        <TableHead className="hidden sm:table-cell">Account</TableHead>
        <TableHead className="hidden sm:table-cell">Status</TableHead>
      </TableHeaderWithActions>
      <TableBody>
        {connections.map((connection) => {
          const account = connection.accountLabel ?? connection.account?.site?.name ?? null;
          return (
            <TableRow key={connection.id} data-member-connection={connection.id}>
              <TableCell>
                <div className="font-medium">{connection.owner.name}</div>
                <div className="text-xs break-all text-muted-foreground">{connection.owner.email}</div>
                {/* On a phone the provider, account and status move here, so Disconnect stays on screen. */}
                <div className="mt-1 flex flex-col gap-1 text-xs text-muted-foreground sm:hidden">
                  <span>
                    {connection.providerName}
                    {account ? ` · ${account}` : null}
                  </span>
                  <ConnectionStatusBadge status={connection.status} />
                </div>
              </TableCell>
              <TableCell className="hidden md:table-cell">{connection.providerName}</TableCell>
              <TableCell className="hidden break-all sm:table-cell">
                {account ?? <span className="text-muted-foreground">—</span>}
                <span className="block text-xs text-muted-foreground md:hidden">
                  {connection.providerName}
                </span>
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <ConnectionStatusBadge status={connection.status} />
              </TableCell>
              <TableCell className="text-right">
                {connection.status !== "inactive" ? (
                  <ConfirmDialog
                    trigger={
                      <ItemActionButton>
                        Disconnect
                        <span className="sr-only">
                          {" "}
                          {connection.owner.name}'s {connection.providerName} account
                        </span>
                      </ItemActionButton>
                    }
                    title="Disconnect a member's account"
                    verb="disconnect"
                    subject={`${connection.owner.name}'s ${connection.providerName} account${account ? ` (${account})` : ""}`}
                    description="Servers that use each caller's own account stop working for them until they connect again. Access is revoked at the provider where it allows that."
                    confirmLabel="Disconnect"
                    onConfirm={async () => {
                      const result = await disconnect.mutateAsync({
                        organizationId,
                        connectionId: connection.id,
                      });
                      await queryClient.invalidateQueries({ queryKey: trpc.integrations.pathKey() });
                      toast.success(
                        `${connection.owner.name}'s ${connection.providerName} account disconnected${result.revoked ? " and access revoked" : ""}`,
                      );
                    }}
                  />
                ) : null}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

export function MemberConnectionsCard({ organizationId }: { organizationId: string }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Members' connected accounts</CardTitle>
        <CardDescription>
          Accounts members connected for themselves, used by servers that act with each caller's own account.
          Disconnecting one stops those servers for that member until they connect again.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Suspense
          fallback={
            <div className="flex flex-col gap-2" role="status" aria-label="Loading members' accounts">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          }
        >
          <MemberConnectionsTable organizationId={organizationId} />
        </Suspense>
      </CardContent>
    </Card>
  );
}
