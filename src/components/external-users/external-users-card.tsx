// The project's external users (users of the builder's own product, provisioned through the management
// API): the builder's id, the accounts each connected, their last call; deleting one (confirmed) ends
// its grants at the providers and stops its tokens.

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { UsersRound } from "lucide-react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { ItemActionButton } from "~/components/ui/item-action-button.tsx";
import { QueryStates } from "~/components/ui/query-states.tsx";
import { SectionCard } from "~/components/ui/section-card.tsx";
import { BusySkeletons } from "~/components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { useTRPC } from "~/lib/trpc.ts";

const statusVariant = {
  active: "secondary",
  pending: "outline",
  error: "destructive",
  inactive: "outline",
} as const;

export function ExternalUsersCard({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useInfiniteQuery(
    trpc.externalUsers.list.infiniteQueryOptions(
      { projectId },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const remove = useMutation(trpc.externalUsers.delete.mutationOptions());
  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <SectionCard
      title="External users"
      description="Users of your own product, created through the management API. Each connects their own accounts with a connect link and calls tools with their own token."
      contentClassName="pt-2"
    >
      <QueryStates
        query={users}
        what="The external users"
        pending={<BusySkeletons sizes={["h-10 w-full", "h-10 w-full"]} />}
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState
            icon={UsersRound}
            title="No external users yet"
            description="Create one with the management API (POST …/external-users): it appears here with the accounts it connects."
          />
        }
      >
        {() => (
          <>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>User id</TableHead>
                  <TableHead>Connections</TableHead>
                  <TableHead className="hidden sm:table-cell">Last call</TableHead>
                  <TableHead className="sr-only">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="font-mono text-sm break-all">
                      {row.id}
                      <div className="mt-1 font-sans text-xs text-muted-foreground sm:hidden">
                        Last call: {row.lastCallAt ? <DateTime value={row.lastCallAt} /> : "never"}
                      </div>
                    </TableCell>
                    <TableCell>
                      {row.connections.length === 0 ? (
                        <span className="text-muted-foreground">None</span>
                      ) : (
                        <div className="flex flex-wrap gap-1">
                          {row.connections.map((connection) => (
                            <Badge
                              key={connection.id}
                              variant={statusVariant[connection.status]}
                              title={connection.statusReason ?? undefined}
                            >
                              {connection.accountLabel ?? connection.providerName}
                              {connection.status === "active" ? "" : ` · ${connection.status}`}
                            </Badge>
                          ))}
                        </div>
                      )}
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      {row.lastCallAt ? <DateTime value={row.lastCallAt} /> : "Never"}
                    </TableCell>
                    <TableCell className="text-right">
                      {canManage ? (
                        <ConfirmDialog
                          trigger={
                            <ItemActionButton aria-label={`Delete ${row.id}`}>Delete</ItemActionButton>
                          }
                          title="Delete external user"
                          subject={row.id}
                          description="Their connected accounts are disconnected (access is revoked at each provider) and their tokens stop working at once."
                          confirmLabel="Delete"
                          onConfirm={async () => {
                            try {
                              await remove.mutateAsync({ projectId, externalUserId: row.id });
                            } catch (error) {
                              toast.error(messageOf(error));
                              return;
                            }
                            await queryClient.invalidateQueries({
                              queryKey: trpc.externalUsers.list.pathKey(),
                            });
                            toast.success(`${row.id} was deleted`);
                          }}
                        />
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {users.hasNextPage ? (
              <div className="mt-4 flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => users.fetchNextPage()}
                  disabled={users.isFetchingNextPage}
                >
                  {users.isFetchingNextPage ? "Loading…" : "Show more"}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </QueryStates>
    </SectionCard>
  );
}
