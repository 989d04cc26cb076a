import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge } from "~/components/ui/badge.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table.tsx";
import { type RouterOutputs, useTRPC } from "~/lib/trpc.ts";
import { RevokeSecretDialog, SecretDateCells, secretStatusVariant } from "./secret-row.tsx";

type ApiKeyRow = RouterOutputs["apiKeys"]["getUserApiKeysMasked"][number];

export function ApiKeysTable({
  projectId,
  keys,
  canRevoke,
}: {
  projectId: string;
  keys: ApiKeyRow[];
  canRevoke: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions());

  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Key</TableHead>
          <TableHead className="hidden md:table-cell">Created by</TableHead>
          <TableHead className="hidden sm:table-cell">Last used</TableHead>
          <TableHead className="hidden lg:table-cell">Expires</TableHead>
          <TableHead className="hidden sm:table-cell">Status</TableHead>
          {canRevoke ? <TableHead className="text-right">Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {keys.map((key) => (
          <TableRow key={key.id}>
            <TableCell className="font-medium">
              <span className="flex flex-wrap items-center gap-2">
                {key.name}
                <Badge
                  variant={key.kind === "personal" ? "secondary" : "outline"}
                  title={
                    key.kind === "personal"
                      ? `Acts as ${key.createdBy.name}, with their own connected accounts`
                      : "Uses the organization's shared connections"
                  }
                >
                  {key.kind === "personal" ? "Personal" : "Project"}
                </Badge>
              </span>
            </TableCell>
            <TableCell>
              <code className="text-xs">{key.masked}</code>
              {/* At phone width the status sits under the key, so Revoke stays on screen. */}
              <Badge variant={secretStatusVariant[key.status]} className="mt-1 flex w-fit sm:hidden">
                {key.status}
              </Badge>
            </TableCell>
            <SecretDateCells secret={key} createdClassName="hidden md:table-cell" />
            <TableCell className="hidden sm:table-cell">
              <Badge variant={secretStatusVariant[key.status]}>{key.status}</Badge>
            </TableCell>
            {canRevoke ? (
              <TableCell className="text-right">
                {key.status === "active" ? (
                  <RevokeSecretDialog
                    title="Revoke API key"
                    subject={key.name}
                    description="Agents using this key lose access on their next request."
                    onConfirm={async () => {
                      await revoke.mutateAsync({ projectId, keyId: key.id });
                      await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.pathKey() });
                    }}
                  />
                ) : null}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
