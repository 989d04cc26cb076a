// MCP clients (Claude, Cursor, VS Code…) that people connected to this project by signing in with
// OAuth. Project admins see who connected what and can revoke a connection: its tokens stop working
// at once and the client has to ask again.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouteContext } from "@tanstack/react-router";
import { PlugZap } from "lucide-react";
import { toast } from "sonner";
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

const when = (date: Date | null) => (date ? <DateTime value={date} /> : "—");

export function AuthorizedClientsCard({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { clientConfig } = useRouteContext({ from: "__root__" });
  const clients = useQuery(trpc.oauthClients.getProjectAuthorizedClients.queryOptions({ projectId }));
  const revoke = useMutation(trpc.oauthClients.revokeProjectClient.mutationOptions());
  const mcpUrl = `${clientConfig.baseUrl}/mcp`;

  return (
    <SectionCard
      title="Connected applications"
      description="MCP clients people connected to this project by signing in with Portico. Revoking one stops it at once; it has to ask for access again."
      contentClassName="pt-2"
    >
      <QueryStates
        query={clients}
        what="The authorized clients"
        pending={<BusySkeletons sizes={["h-10 w-full", "h-10 w-full"]} />}
        empty={
          <EmptyState
            icon={PlugZap}
            title="No application connected yet"
            description={
              <>
                Add <span className="font-mono break-all">{mcpUrl}</span> to Claude, Cursor or VS Code as an
                MCP server. It will ask you to sign in and choose this project.
              </>
            }
            action={
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  void navigator.clipboard.writeText(mcpUrl).then(
                    () => toast.success("MCP endpoint copied"),
                    () => toast.error("Could not copy. Select the address and copy it."),
                  )
                }
              >
                Copy the MCP endpoint
              </Button>
            }
          />
        }
      >
        {(authorized) => (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Application</TableHead>
                <TableHead>Connected by</TableHead>
                <TableHead className="hidden md:table-cell">Authorized</TableHead>
                <TableHead className="hidden md:table-cell">Last used</TableHead>
                <TableHead className="sr-only">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {authorized.map((row) => (
                <TableRow key={`${row.clientId}:${row.userId}`}>
                  <TableCell>
                    <div className="font-medium">{row.clientName}</div>
                    <div className="mt-1 flex flex-wrap gap-1">
                      {row.scopes.map((scope) => (
                        <Badge key={scope} variant="secondary">
                          {scope}
                        </Badge>
                      ))}
                    </div>
                  </TableCell>
                  <TableCell>
                    <div>{row.userName}</div>
                    <div className="text-xs text-muted-foreground">{row.userEmail}</div>
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{when(row.authorizedAt)}</TableCell>
                  <TableCell className="hidden md:table-cell">
                    {row.lastUsedAt ? when(row.lastUsedAt) : "Not yet"}
                  </TableCell>
                  <TableCell className="text-right">
                    <ConfirmDialog
                      trigger={<ItemActionButton>Revoke</ItemActionButton>}
                      title="Revoke access"
                      subject={`${row.clientName}'s access for ${row.userName}`}
                      description="Its next request to this project is refused, and it has to ask for access again."
                      confirmLabel="Revoke"
                      verb="revoke"
                      onConfirm={async () => {
                        await revoke.mutateAsync({ projectId, clientId: row.clientId, userId: row.userId });
                        await queryClient.invalidateQueries({ queryKey: trpc.oauthClients.pathKey() });
                        toast.success(`${row.clientName} no longer has access for ${row.userName}`);
                      }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </QueryStates>
    </SectionCard>
  );
}
