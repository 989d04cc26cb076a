// An organization's management tokens: name and masked secret, what they may do, who made them and
// when, last use and expiry, and Revoke behind a confirmation. At phone width the secondary columns
// fold under the name, so Revoke stays on screen.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  RevokeSecretDialog,
  SecretDateCells,
  secretStatusVariant,
} from "~/components/api-keys/secret-row.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { type RouterOutputs, useTRPC } from "~/lib/trpc.ts";
import { describeScopes } from "./scope-picker.tsx";

type TokenRow = RouterOutputs["managementTokens"]["list"][number];

export function ManagementTokensTable({
  organizationId,
  tokens,
}: {
  organizationId: string;
  tokens: TokenRow[];
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(trpc.managementTokens.revoke.mutationOptions());

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead className="hidden md:table-cell">Scopes</TableHead>
          <TableHead className="hidden lg:table-cell">Created by</TableHead>
          <TableHead className="hidden sm:table-cell">Last used</TableHead>
          <TableHead className="hidden lg:table-cell">Expires</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {tokens.map((token) => (
          <TableRow key={token.id}>
            <TableCell className="min-w-0 whitespace-normal">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {token.name}
                <Badge variant={secretStatusVariant[token.status]}>{token.status}</Badge>
              </span>
              <code className="block text-xs">{token.masked}</code>
              <span className="block text-xs text-muted-foreground md:hidden">
                {describeScopes(token.scopes)}
              </span>
              {/* The columns hidden at this width, in one line under the name. */}
              <span className="block text-xs text-muted-foreground lg:hidden">
                By {token.createdBy.name}, <DateTime value={token.createdAt} show="date" /> · used{" "}
                {token.lastUsedAt ? <DateTime value={token.lastUsedAt} show="relative" /> : "never"} · expires{" "}
                {token.expiresAt ? <DateTime value={token.expiresAt} show="date" /> : "never"}
              </span>
            </TableCell>
            <TableCell className="hidden max-w-64 whitespace-normal text-sm md:table-cell">
              {describeScopes(token.scopes)}
            </TableCell>
            <SecretDateCells secret={token} createdClassName="hidden lg:table-cell" />
            <TableCell className="text-right">
              {token.status === "active" ? (
                <RevokeSecretDialog
                  title="Revoke management token"
                  subject={token.name}
                  verb="revoke"
                  description="Systems using this token lose access to the management API on their next request. This cannot be undone."
                  onConfirm={async () => {
                    await revoke.mutateAsync({ organizationId, tokenId: token.id });
                    await queryClient.invalidateQueries({ queryKey: trpc.managementTokens.pathKey() });
                  }}
                />
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
