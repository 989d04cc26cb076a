// One tool as a list row: its title, name and hints, the first sentence of its description, a
// "Try" button opening the playground (when the viewer may run it) and the switch that turns it on.
// Shared by a server's tools and the project's standard tools, which behave alike.

import { Play } from "lucide-react";
import { Badge } from "~/components/ui/badge.tsx";
import { ItemActionButton } from "~/components/ui/item-action-button.tsx";
import { Switch } from "~/components/ui/switch.tsx";
import { type PlaygroundTool, ToolPlaygroundDialog } from "./tool-playground-dialog.tsx";

const firstSentence = (text: string) => text.split(/(?<=\.)\s/)[0] ?? text;

export function ToolSwitchRow({
  projectId,
  serverId,
  tool,
  switchId,
  canRun,
  disabled,
  onCheckedChange,
  "data-tool": dataTool,
}: {
  projectId: string;
  /** The tool's server, or null for a standard tool. */
  serverId: string | null;
  tool: PlaygroundTool & { enabled: boolean; readOnly?: boolean; destructive?: boolean };
  switchId: string;
  canRun: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
  "data-tool"?: string;
}) {
  return (
    <li className="flex items-start justify-between gap-4 py-3" data-tool={dataTool}>
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
              <ItemActionButton aria-label={`Try ${tool.title}`}>
                <Play className="size-3.5" aria-hidden="true" /> Try
              </ItemActionButton>
            }
          />
        ) : null}
        <Switch id={switchId} checked={tool.enabled} disabled={disabled} onCheckedChange={onCheckedChange} />
      </div>
    </li>
  );
}
