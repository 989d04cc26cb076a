// Editing a server: its name (the tools' prefix — renaming changes the names agents call, so the dialog
// says so with the old and new names) and whose account it uses. Only what changed is sent, so a rename
// does not re-check a connection that is broken for now.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { FormDialogFooter } from "~/components/ui/form-dialog.tsx";
import { type RouterOutputs, useTRPC } from "~/lib/trpc.ts";
import { type AvailableIntegration, DEFAULT_CONNECTION, type SetupValues } from "./server-setup-fields.tsx";
import {
  ServerSetupDialog,
  ServerSetupForm,
  type SetupDialogControls,
  useServerSetupForm,
} from "./server-setup-form.tsx";

export type ProjectServer = RouterOutputs["projectServers"]["getProjectServersByProjectId"][number];

function EditServerForm({
  projectId,
  organizationId,
  server,
  dialog,
}: {
  projectId: string;
  organizationId: string;
  server: ProjectServer;
  dialog: SetupDialogControls;
}) {
  const trpc = useTRPC();
  const { data: integrations } = useSuspenseQuery(
    trpc.projectServers.getAvailableIntegrations.queryOptions({ projectId }),
  );
  const integration = integrations.find((entry) => entry.integrationId === server.integrationId);
  if (!integration) return <FormAlert message="This integration is no longer offered." />;
  return (
    <EditServerFields
      projectId={projectId}
      organizationId={organizationId}
      server={server}
      integration={integration}
      dialog={dialog}
    />
  );
}

function EditServerFields({
  projectId,
  organizationId,
  server,
  integration,
  dialog,
}: {
  projectId: string;
  organizationId: string;
  server: ProjectServer;
  integration: AvailableIntegration;
  dialog: SetupDialogControls;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // A tool of its own for the example, when its list has been loaded already (its card was expanded).
  const tools = queryClient.getQueryData(
    trpc.projectServers.getServerTools.queryKey({ projectId, serverId: server.id }),
  );
  const update = useMutation(trpc.projectServers.updateServer.mutationOptions());
  const initial: SetupValues = {
    name: server.serverName,
    mode: server.connectionMode,
    connection: server.connection?.named ? server.connection.id : DEFAULT_CONNECTION,
  };
  const isRename = (name: string) => name.trim() !== server.serverName;
  const isAccountChange = (values: SetupValues) =>
    values.mode !== initial.mode || values.connection !== initial.connection;
  const setup = useServerSetupForm({
    integration,
    initial,
    dialog,
    // A connection left as it was is not the form's to judge (the card shows its state).
    checkAccount: isAccountChange,
    save: (input, values) => {
      const renamed = isRename(input.name);
      const accountChanged = isAccountChange(values);
      if (!renamed && !accountChanged) return null;
      return update.mutateAsync({
        projectId,
        serverId: server.id,
        ...(renamed ? { name: input.name } : {}),
        ...(accountChanged ? { connectionMode: input.connectionMode, connectionId: input.connectionId } : {}),
      });
    },
    success: (_saved, input) =>
      isRename(input.name) ? `Server renamed to ${input.name}` : `${server.displayName} saved`,
  });
  const renamed = isRename(setup.values.name);
  const exampleTool = tools?.tools[0]?.toolName;

  return (
    <ServerSetupForm
      setup={setup}
      organizationId={organizationId}
      disabled={update.isPending}
      exampleTool={exampleTool}
    >
      <div
        className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
        data-testid="rename-warning"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>
          {renamed ? (
            <>
              Its tools will be called{" "}
              <code className="font-mono">
                {setup.values.name.trim() || "…"}_{exampleTool ?? "<tool>"}
              </code>{" "}
              instead of{" "}
              <code className="font-mono">
                {server.serverName}_{exampleTool ?? "<tool>"}
              </code>
              . Agents and prompts that call the old names stop finding them.
            </>
          ) : (
            "Renaming changes the names of its tools that agents call: update agents and prompts that use them."
          )}
        </p>
      </div>
      <FormDialogFooter
        pending={update.isPending}
        submitLabel="Save changes"
        pendingLabel="Saving…"
        onCancel={dialog.close}
      />
    </ServerSetupForm>
  );
}

export function EditServerDialog({
  projectId,
  organizationId,
  server,
  trigger,
}: {
  projectId: string;
  organizationId: string;
  server: ProjectServer;
  trigger: ReactNode;
}) {
  return (
    <ServerSetupDialog
      trigger={trigger}
      title="Edit server"
      description={<>{server.displayName}: its name and whose account its tools use.</>}
    >
      {(dialog) => (
        <EditServerForm
          projectId={projectId}
          organizationId={organizationId}
          server={server}
          dialog={dialog}
        />
      )}
    </ServerSetupDialog>
  );
}
