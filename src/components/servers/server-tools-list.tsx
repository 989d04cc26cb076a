// One server's tools, loaded when its card is expanded: a switch each (editors and admins) and a
// "Try" button opening the playground (same roles). Changes reach the project's /mcp at once.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { useTRPC } from "~/lib/trpc.ts";
import { ToolSwitchRow } from "./tool-switch-row.tsx";

export function ServerToolsList({
  projectId,
  serverId,
  canConfigure,
  canRun,
}: {
  projectId: string;
  serverId: string;
  canConfigure: boolean;
  canRun: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = trpc.projectServers.getServerTools.queryOptions({ projectId, serverId });
  const { data } = useSuspenseQuery(options);
  const setEnabled = useMutation(trpc.projectServers.setToolEnabled.mutationOptions());

  const toggle = async (toolName: string, title: string, enabled: boolean) => {
    try {
      await setEnabled.mutateAsync({ projectId, serverId, toolName, enabled });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: options.queryKey }),
        queryClient.invalidateQueries({
          queryKey: trpc.projectServers.getProjectServersByProjectId.queryKey({ projectId }),
        }),
      ]);
      toast.success(`${title} ${enabled ? "enabled" : "disabled"}`);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  if (data.problem) {
    return (
      <p className="flex items-start gap-2 text-sm text-destructive" role="status">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {data.problem}
      </p>
    );
  }
  if (data.tools.length === 0) {
    return <p className="text-sm text-muted-foreground">{data.serverName} offers no tools.</p>;
  }
  return (
    <ul className="divide-y" aria-label={`Tools of ${data.serverName}`}>
      {data.tools.map((tool) => (
        <ToolSwitchRow
          key={tool.toolName}
          data-tool={tool.name}
          projectId={projectId}
          serverId={serverId}
          tool={tool}
          switchId={`server-tool-${serverId}-${tool.toolName}`}
          canRun={canRun}
          disabled={!canConfigure || setEnabled.isPending}
          onCheckedChange={(checked) => toggle(tool.toolName, tool.title, checked)}
        />
      ))}
    </ul>
  );
}
