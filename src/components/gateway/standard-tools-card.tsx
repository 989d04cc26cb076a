// The project's built-in tools with a switch each (changes reach the project's MCP endpoint at once)
// and a "Try" button opening the playground, as a server's tools have.
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { Play, Wrench } from "lucide-react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { ToolPlaygroundDialog } from "~/components/servers/tool-playground-dialog.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { Switch } from "~/components/ui/switch.tsx";
import { useTRPC } from "~/lib/trpc.ts";

const firstSentence = (text: string) => text.split(/(?<=\.)\s/)[0] ?? text;

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
          {tools.map((tool) => {
            const switchId = `standard-tool-${tool.name}`;
            return (
              <li key={tool.name} className="flex items-start justify-between gap-4 py-3">
                <div className="flex min-w-0 flex-col gap-1">
                  <label htmlFor={switchId} className="flex flex-wrap items-center gap-2 font-medium">
                    {tool.title} <code className="text-xs text-muted-foreground">{tool.name}</code>
                    {tool.readOnly ? <Badge variant="outline">read-only</Badge> : null}
                  </label>
                  <p className="text-sm text-muted-foreground">{firstSentence(tool.description)}</p>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  {canRun ? (
                    <ToolPlaygroundDialog
                      projectId={projectId}
                      serverId={null}
                      tool={{ ...tool, toolName: tool.name }}
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
                    onCheckedChange={(checked) => toggle(tool.name, tool.title, checked)}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
