// One server's tools, loaded when its card is expanded: a switch each (editors and admins) and a
// "Try" button opening the playground (same roles). Changes reach the project's /mcp at once.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Play, TriangleAlert } from "lucide-react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Switch } from "~/components/ui/switch.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { ToolPlaygroundDialog } from "./tool-playground-dialog.tsx";

const firstSentence = (text: string) => text.split(/(?<=\.)\s/)[0] ?? text;

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
      {data.tools.map((tool) => {
        const switchId = `server-tool-${serverId}-${tool.toolName}`;
        return (
          <li
            key={tool.toolName}
            className="flex items-start justify-between gap-4 py-3"
            data-tool={tool.name}
          >
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor={switchId} className="flex flex-wrap items-center gap-2 font-medium">
                {tool.title} <code className="text-xs text-muted-foreground">{tool.name}</code>
                {tool.readOnly ? <Badge variant="outline">read-only</Badge> : null}
                {tool.destructive ? <Badge variant="warning">destructive</Badge> : null}
              </label>
              <p className="text-sm text-muted-foreground">{firstSentence(tool.description)}</p>
            </div>
            <div className="flex shrink-0 items-center gap-3">
              {canRun ? (
                <ToolPlaygroundDialog
                  projectId={projectId}
                  serverId={serverId}
                  tool={tool}
                  trigger={
                    <Button variant="outline" size="sm" aria-label={`Try ${tool.title}`}>
                      <Play className="size-3.5" aria-hidden="true" /> Try
                    </Button>
                  }
                />
              ) : null}
              <Switch
                id={switchId}
                checked={tool.enabled}
                disabled={!canConfigure || setEnabled.isPending}
                onCheckedChange={(checked) => toggle(tool.toolName, tool.title, checked)}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
