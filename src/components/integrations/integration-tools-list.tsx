// The public integration page's list of tools (issue 43): what an agent can call, read from the registry
// by the server (the detail query), so the page lists them without shipping the registry to browsers.
import { Badge } from "~/components/ui/badge.tsx";
import { Card, CardContent, CardHeading } from "~/components/ui/card.tsx";
import { counted } from "~/lib/counted.ts";

export interface ListedTool {
  name: string;
  title: string;
  readOnly: boolean;
}

export function IntegrationToolsList({
  tools,
  providerName,
}: {
  tools: ListedTool[] | null;
  providerName: string;
}) {
  return (
    <Card>
      <CardHeading
        title="Tools"
        description={
          tools
            ? `${counted(tools.length, "tool")} an agent can call, each switchable per project.`
            : `${providerName} publishes these tools from its own MCP server: a project lists them once ${providerName} is connected.`
        }
      />
      {tools && tools.length > 0 ? (
        <CardContent>
          <ul aria-label="Tools" className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {tools.map((tool) => (
              <li key={tool.name} className="flex min-w-0 items-start justify-between gap-2">
                <span className="min-w-0">
                  <span className="block">{tool.title}</span>
                  <code className="block truncate text-xs text-muted-foreground">{tool.name}</code>
                </span>
                <Badge variant={tool.readOnly ? "secondary" : "outline"}>
                  {tool.readOnly ? "Reads" : "Changes"}
                </Badge>
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
    </Card>
  );
}
