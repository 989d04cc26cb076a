// One of the person's own connections: the provider, the account it reaches, its status with the
// reason, the projects' servers that use it, and Reconnect, Rename and Disconnect.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { ConnectionStatusBadge } from "~/components/integrations/connection-status-badge.tsx";
import { IntegrationLogo } from "~/components/integrations/integration-logo.tsx";
import { Button } from "~/components/ui/button.tsx";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { DateTime } from "~/components/ui/date-time.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { firstIntegrationOf, providerLogo } from "./provider-logo.ts";
import { RenameConnectionForm } from "./rename-connection-form.tsx";
import type { MyConnection } from "./types.ts";
import { usePersonalConnect } from "./use-personal-connect.ts";
import { UsedBy } from "./used-by.tsx";

export function ConnectionItem({
  organizationId,
  organizationName,
  connection,
}: {
  organizationId: string;
  organizationName: string;
  connection: MyConnection;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const disconnect = useMutation(trpc.integrations.connections.disconnect.mutationOptions());
  const { connect, opening, error } = usePersonalConnect(organizationId);
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const provider = connection.providerName;
  const integrationId = connection.usedBy[0]?.integrationId ?? firstIntegrationOf(connection.provider);
  const holdsAccess = connection.status !== "inactive";
  // Without a label the name already is the account (or the provider); with one, the account is said too.
  const account = connection.label ? connection.accountLabel : null;
  const fallbackName = connection.accountLabel ?? provider;
  const wasRenaming = useRef(false);
  // The form is gone once saved or cancelled: focus goes back to the button that opened it.
  useEffect(() => {
    if (wasRenaming.current && !renaming) renameButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);
  const closeRename = () => setRenaming(false);

  return (
    <li
      className="flex flex-col gap-3 rounded-lg border p-3"
      data-testid="personal-connection"
      aria-label={`${provider}: ${connection.displayName}`}
    >
      <div className="flex items-start gap-3">
        <IntegrationLogo logo={providerLogo(connection.provider)} name={provider} className="size-8" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium break-words">{connection.displayName}</span>
            <ConnectionStatusBadge status={connection.status} />
          </div>
          <span className="text-xs text-muted-foreground">
            {[connection.displayName === provider ? null : provider, account].filter(Boolean).join(" · ")}
            {connection.connectedAt ? (
              <>
                {connection.displayName === provider && !account ? "Connected " : " · connected "}
                <DateTime value={connection.connectedAt} show="date" />
              </>
            ) : null}
          </span>
        </div>
      </div>
      {connection.statusReason ? (
        <p className="text-sm text-muted-foreground" data-testid="personal-connection-reason">
          {connection.statusReason}
        </p>
      ) : null}
      <UsedBy servers={connection.usedBy} provider={provider} />
      <FormAlert message={error} />
      {renaming ? (
        <RenameConnectionForm
          organizationId={organizationId}
          connectionId={connection.id}
          label={connection.label}
          fallbackName={fallbackName}
          onDone={closeRename}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {integrationId ? (
          <Button
            size="sm"
            variant={connection.status === "active" ? "outline" : "default"}
            disabled={opening}
            onClick={() => connect(integrationId)}
          >
            {opening ? `Opening ${provider}…` : holdsAccess ? "Reconnect" : "Connect again"}
          </Button>
        ) : null}
        {renaming ? null : (
          <Button ref={renameButton} size="sm" variant="outline" onClick={() => setRenaming(true)}>
            Rename
          </Button>
        )}
        {holdsAccess ? (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="ghost" className="text-destructive">
                Disconnect
              </Button>
            }
            title={`Disconnect your ${provider} account`}
            verb="disconnect"
            subject={`${connection.displayName} in ${organizationName}`}
            description={
              <>
                Agents and apps acting as you in {organizationName} stop using it at once: when they next need{" "}
                {provider}, they get a prompt asking you to connect it again. Access is revoked at {provider}{" "}
                where it allows that.
              </>
            }
            confirmLabel="Disconnect"
            onConfirm={async () => {
              const result = await disconnect.mutateAsync({ organizationId, connectionId: connection.id });
              await queryClient.invalidateQueries({
                queryKey: trpc.integrations.connections.getMyConnections.queryKey(),
              });
              toast.success(
                result.revoked ? `${provider} disconnected and access revoked` : `${provider} disconnected`,
              );
            }}
          />
        ) : null}
      </div>
    </li>
  );
}
