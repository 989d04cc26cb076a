// Which of the person's projects' servers use (or wait for) one of their connections, each a link to
// the project's servers.
import { Link } from "@tanstack/react-router";
import type { ServerUse } from "./types.ts";

export function UsedBy({ servers, provider }: { servers: ServerUse[]; provider: string }) {
  if (servers.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No project of yours uses your own {provider} account at the moment.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className="text-muted-foreground">Used by</span>
      <ul className="flex flex-col gap-1" aria-label={`Projects using your ${provider} account`}>
        {servers.map((server) => (
          <li key={server.serverId} className="min-w-0">
            <Link
              to="/app/project/$projectId/servers"
              params={{ projectId: server.projectId }}
              className="font-medium underline underline-offset-4"
            >
              {server.projectName}
            </Link>{" "}
            <span className="text-muted-foreground">· server {server.serverName}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
