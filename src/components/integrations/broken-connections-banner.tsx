// The overviews' notice of broken connections (organization and project): one line per connection in
// error with the reason; owners and admins get the way to reconnect, members the names of who can.
// Owners and admins were also e-mailed (server/integrations/connections/connection-alerts.ts).
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { StatusNotice } from "~/components/ui/status-notice.tsx";
import { useTRPC } from "~/lib/trpc.ts";

export function BrokenConnectionsBanner({ organizationId }: { organizationId: string }) {
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(
    trpc.integrations.connections.getBrokenConnections.queryOptions({ organizationId }),
  );
  if (data.connections.length === 0) return null;
  return (
    <StatusNotice tone="warning" data-testid="connection-alerts">
      <div className="flex min-w-0 flex-col gap-1">
        <ul className="flex flex-col gap-1">
          {data.connections.map((connection) => (
            <li key={connection.provider} className="break-words">
              <span className="font-medium">{connection.name} needs attention:</span> {connection.reason}
              {data.canReconnect ? (
                <>
                  {" "}
                  <Link
                    to="/app/organization/$organizationId/integrations"
                    params={{ organizationId }}
                    search={connection.integrationId ? { editIntegration: connection.integrationId } : {}}
                    className="font-medium whitespace-nowrap underline"
                  >
                    Reconnect<span className="sr-only"> {connection.name}</span>
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
        {data.canReconnect ? null : (
          <p className="text-muted-foreground">
            {data.contacts.length > 0
              ? `Only owners and admins can reconnect: ask ${listOfNames(data.contacts)}.`
              : "Only owners and admins can reconnect: ask one of them."}
          </p>
        )}
      </div>
    </StatusNotice>
  );
}

function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}
