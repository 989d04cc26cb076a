// "Add server": the organization's integrations with an active connection that the project does not
// have yet, one button each; when none is connected, the way to the organization's integrations page.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Plug, Plus } from "lucide-react";
import { type ReactNode, Suspense, useState } from "react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { IntegrationLogo } from "~/components/integrations/integration-logo.tsx";
import { Button } from "~/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { ToolListSkeleton } from "./server-card.tsx";

function Choices({
  projectId,
  organizationId,
  onAdded,
}: {
  projectId: string;
  organizationId: string;
  onAdded: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: integrations } = useSuspenseQuery(
    trpc.projectServers.getAvailableIntegrations.queryOptions({ projectId }),
  );
  const add = useMutation(trpc.projectServers.addServer.mutationOptions());
  const connected = integrations.filter((entry) => entry.connectionStatus === "active");
  const addable = connected.filter((entry) => !entry.added);
  const connectLink = (
    <Button asChild variant="outline">
      <Link to="/app/organization/$organizationId/integrations" params={{ organizationId }}>
        <Plug className="size-4" aria-hidden="true" /> Connect an integration
      </Link>
    </Button>
  );

  if (addable.length === 0) {
    return (
      <EmptyState
        icon={Plug}
        title={
          connected.length === 0 ? "No integration is connected yet" : "Every connected integration is added"
        }
        description="Connect an account on the organization's integrations page, then add it here."
        action={connectLink}
      />
    );
  }

  const choose = async (integrationId: (typeof addable)[number]["integrationId"], name: string) => {
    try {
      await add.mutateAsync({ projectId, integrationId });
      await queryClient.invalidateQueries({ queryKey: trpc.projectServers.pathKey() });
      toast.success(`${name} added`);
      onAdded();
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {addable.map((entry) => (
          <li key={entry.integrationId} className="flex items-center gap-3 rounded-lg border p-3">
            <IntegrationLogo logo={entry.logo} name={entry.name} className="size-8" />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium">{entry.name}</span>
              <span className="truncate text-xs text-muted-foreground">{entry.description}</span>
            </div>
            <Button
              size="sm"
              disabled={add.isPending}
              aria-label={`Add ${entry.name}`}
              onClick={() => void choose(entry.integrationId, entry.name)}
            >
              <Plus className="size-4" aria-hidden="true" /> Add
            </Button>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        Missing one?{" "}
        <Link
          to="/app/organization/$organizationId/integrations"
          params={{ organizationId }}
          className="underline"
        >
          Connect it on the organization's integrations page
        </Link>
        .
      </p>
    </div>
  );
}

export function AddServerDialog({
  projectId,
  organizationId,
  trigger,
}: {
  projectId: string;
  organizationId: string;
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add server</DialogTitle>
          <DialogDescription>
            A server gives this project's agents the tools of one connected integration.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <Suspense fallback={<ToolListSkeleton />}>
            <Choices projectId={projectId} organizationId={organizationId} onAdded={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
