// A provider that servers of the person's projects use in personal mode and they have not connected:
// "Support bot uses your own Google account", with the button that connects it.
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { IntegrationLogo } from "~/components/integrations/integration-logo.tsx";
import { Button } from "~/components/ui/button.tsx";
import { providerLogo } from "./provider-logo.ts";
import type { WaitingConnection } from "./types.ts";
import { usePersonalConnect } from "./use-personal-connect.ts";
import { UsedBy } from "./used-by.tsx";

/** "Support bot uses", "Support bot and Sales use", "Support bot, Sales and 2 more use". */
export function projectsUse(servers: { projectId: string; projectName: string }[]): string {
  const names = [...new Map(servers.map((server) => [server.projectId, server.projectName])).values()];
  if (names.length === 1) return `${names[0]} uses`;
  if (names.length === 2) return `${names.join(" and ")} use`;
  return `${names.slice(0, 2).join(", ")} and ${names.length - 2} more use`;
}

export function WaitingItem({
  organizationId,
  waiting,
}: {
  organizationId: string;
  waiting: WaitingConnection;
}) {
  const { connect, opening, error } = usePersonalConnect(organizationId);
  const provider = waiting.providerName;
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-dashed p-3"
      data-testid="waiting-connection"
      aria-label={`${provider}: not connected`}
    >
      <div className="flex items-start gap-3">
        <IntegrationLogo logo={providerLogo(waiting.provider)} name={provider} className="size-8" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="font-medium">
            {projectsUse(waiting.usedBy)} your own {provider} account
          </span>
          <span className="text-sm text-muted-foreground">
            Not connected: agents acting as you get a prompt to connect it instead of results.
          </span>
        </div>
      </div>
      <UsedBy servers={waiting.usedBy} provider={provider} />
      <FormAlert message={error} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={opening} onClick={() => connect(waiting.integrationId)}>
          {opening ? `Opening ${provider}…` : `Connect ${provider}`}
        </Button>
      </div>
    </li>
  );
}
