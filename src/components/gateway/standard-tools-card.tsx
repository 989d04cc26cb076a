// The project's built-in tools with a switch each (changes reach the project's MCP endpoint at once)
// and a "Try" button opening the playground, as a server's tools have.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Wrench } from "lucide-react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { ToolSwitchRow } from "~/components/servers/tool-switch-row.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { useTRPC } from "~/lib/trpc.ts";

export function StandardToolsCard({
  projectId,
  canConfigure,
  canRun,
}: {
  projectId: string;
  canConfigure: boolean;
  canRun: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = trpc.standardTools.getProjectStandardTools.queryOptions({ projectId });
  const { data: tools } = useSuspenseQuery(options);
  const setEnabled = useMutation(trpc.standardTools.setEnabled.mutationOptions());
  const enabledCount = tools.filter((tool) => tool.enabled).length;

  const toggle = async (toolName: string, title: string, enabled: boolean) => {
    try {
      await setEnabled.mutateAsync({ projectId, toolName, enabled });
      await queryClient.invalidateQueries({ queryKey: options.queryKey });
      toast.success(`${title} ${enabled ? "enabled" : "disabled"}`);
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wrench className="size-4" aria-hidden="true" /> Standard tools
          <Badge variant="secondary">
            {enabledCount} of {tools.length} on
          </Badge>
        </CardTitle>
        <CardDescription>Built-in tools that need no account, on every plan.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {tools.map((tool) => (
            <ToolSwitchRow
              key={tool.name}
              projectId={projectId}
              serverId={null}
              tool={{ ...tool, toolName: tool.name }}
              switchId={`standard-tool-${tool.name}`}
              canRun={canRun}
              disabled={!canConfigure || setEnabled.isPending}
              onCheckedChange={(checked) => toggle(tool.name, tool.title, checked)}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
