// Editing a server: its name (the tools' prefix — renaming changes the names agents call, so the dialog
// says so with the old and new names) and whose account it uses. Only what changed is sent, so a rename
// does not re-check a connection that is broken for now.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, type ReactNode, Suspense, useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import type { FieldErrors } from "~/components/forms/form-errors.ts";
import { useFocusFirstError } from "~/components/forms/use-focus-first-error.ts";
import { Button } from "~/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog.tsx";
import { type RouterOutputs, useTRPC } from "~/lib/trpc.ts";
import {
  checkSetup,
  DEFAULT_CONNECTION,
  placeServerError,
  ServerSetupFields,
  type SetupValues,
  setupInput,
} from "./server-setup-fields.tsx";
import { ToolListSkeleton } from "./tool-list-skeleton.tsx";

export type ProjectServer = RouterOutputs["projectServers"]["getProjectServersByProjectId"][number];

function EditServerForm({
  projectId,
  organizationId,
  server,
  onDone,
  onPendingChange,
}: {
  projectId: string;
  organizationId: string;
  server: ProjectServer;
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: integrations } = useSuspenseQuery(
    trpc.projectServers.getAvailableIntegrations.queryOptions({ projectId }),
  );
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
  const [values, setValues] = useState<SetupValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const focusFirstError = useFocusFirstError();
  const integration = integrations.find((entry) => entry.integrationId === server.integrationId);
  if (!integration) return <FormAlert message="This integration is no longer offered." />;

  const renamed = values.name.trim() !== server.serverName;
  const accountChanged = values.mode !== initial.mode || values.connection !== initial.connection;
  const exampleTool = tools?.tools[0]?.toolName;

  const change = (field: keyof SetupValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field === "name" ? "name" : "account"]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const found = checkSetup(integration, values);
    // A connection left as it was is not the form's to judge (the card shows its state).
    if (!accountChanged) delete found.account;
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      focusFirstError(form);
      return;
    }
    if (!renamed && !accountChanged) {
      onDone();
      return;
    }
    setErrors({});
    onPendingChange(true);
    try {
      const input = setupInput(values);
      await update.mutateAsync({
        projectId,
        serverId: server.id,
        ...(renamed ? { name: input.name } : {}),
        ...(accountChanged ? { connectionMode: input.connectionMode, connectionId: input.connectionId } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: trpc.projectServers.pathKey() });
      toast.success(renamed ? `Server renamed to ${input.name}` : `${server.displayName} saved`);
      onDone();
    } catch (error) {
      const placed = placeServerError(error);
      setErrors(placed.fields);
      setFormError(placed.form);
      focusFirstError(form);
    } finally {
      onPendingChange(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <FormAlert message={formError} />
      <ServerSetupFields
        integration={integration}
        organizationId={organizationId}
        values={values}
        errors={errors}
        onChange={change}
        disabled={update.isPending}
        exampleTool={exampleTool}
        autoFocus
      />
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
                {values.name.trim() || "…"}_{exampleTool ?? "<tool>"}
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
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save changes"}
        </Button>
      </DialogFooter>
    </form>
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
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90svh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit server</DialogTitle>
          <DialogDescription>
            {server.displayName}: its name and whose account its tools use.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <Suspense fallback={<ToolListSkeleton />}>
            <EditServerForm
              projectId={projectId}
              organizationId={organizationId}
              server={server}
              onDone={() => setOpen(false)}
              onPendingChange={setPending}
            />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
