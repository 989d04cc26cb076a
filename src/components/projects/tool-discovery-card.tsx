// The project's tool discovery switch: on, agents see search_tools and call_tool instead of every tool
// (gateway/catalogue/tool-discovery.ts), which keeps a project with many tools cheap in a model's prompt.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { Switch } from "~/components/ui/switch.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { PinnedToolsForm } from "./pinned-tools-form.tsx";

interface Props {
  projectId: string;
  toolDiscovery: "all" | "search";
  pinnedTools: readonly string[];
  canConfigure: boolean;
}

export function ToolDiscoveryCard({ projectId, toolDiscovery, pinnedTools, canConfigure }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.project.setToolDiscovery.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const on = toolDiscovery === "search";

  const toggle = async (checked: boolean) => {
    setError(null);
    try {
      await save.mutateAsync({ projectId, toolDiscovery: checked ? "search" : "all" });
      await queryClient.invalidateQueries({ queryKey: trpc.project.getById.queryKey({ projectId }) });
      toast.success(checked ? "Tool search turned on" : "Tool search turned off");
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Search className="size-4" aria-hidden="true" /> Tool discovery
        </CardTitle>
        <CardDescription>
          How agents see this project's tools on its MCP endpoint and REST API.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <div className="flex items-start justify-between gap-4">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor="tool-discovery" className="font-medium">
              Let agents search for tools
            </label>
            <p className="text-sm text-muted-foreground">
              On: agents get two tools, <code>search_tools</code> to find the tools for a task and{" "}
              <code>call_tool</code> to run one, instead of the whole list. Every tool keeps working, with the
              same permissions and call log, while a project with many tools costs an agent far fewer tokens.
              Off: every tool is listed. Some agents only use tools they see listed; leave it off for those.
            </p>
            {canConfigure ? null : (
              <p className="text-sm text-muted-foreground">
                Editors and admins of the project can change it.
              </p>
            )}
          </div>
          <Switch
            id="tool-discovery"
            checked={on}
            disabled={!canConfigure || save.isPending}
            onCheckedChange={toggle}
            aria-describedby={error ? "tool-discovery-error" : undefined}
          />
        </div>
        {error ? (
          <p id="tool-discovery-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        {on ? (
          <PinnedToolsForm projectId={projectId} pinnedTools={pinnedTools} canConfigure={canConfigure} />
        ) : null}
      </CardContent>
    </Card>
  );
}
