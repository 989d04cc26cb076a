import { Badge } from "~/components/ui/badge.tsx";

export const callChannelLabels = {
  mcp: "MCP",
  rest: "REST",
  playground: "Playground",
  agent: "Agent",
} as const;

/** Which door a call came through ("agent": a step of a project agent's run); playground runs (a
 * person trying a tool) stand out from agents'. */
export function CallChannelBadge({ channel }: { channel: keyof typeof callChannelLabels }) {
  return (
    <Badge variant={channel === "playground" ? "warning" : "outline"}>{callChannelLabels[channel]}</Badge>
  );
}
