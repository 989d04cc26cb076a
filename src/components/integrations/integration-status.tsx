// How an organization's integration is set up, as one badge: its own credential, Portico's, or none.
import { Badge } from "~/components/ui/badge.tsx";
import { authFlowLabels } from "~/lib/integrations/providers.ts";
import type { AuthFlowType } from "~/lib/integrations/types.ts";

export function IntegrationSetupBadge({
  organizationFlows,
  platformFlows,
}: {
  organizationFlows: readonly AuthFlowType[];
  platformFlows: readonly AuthFlowType[];
}) {
  const [own] = organizationFlows;
  if (own) {
    return (
      <Badge variant="success">{own === "oauth" ? "Own OAuth app" : `${authFlowLabels[own]} saved`}</Badge>
    );
  }
  if (platformFlows.includes("oauth")) return <Badge variant="secondary">Portico OAuth app</Badge>;
  const [platform] = platformFlows;
  if (platform) return <Badge variant="secondary">Portico {authFlowLabels[platform]}</Badge>;
  return <Badge variant="outline">Not set up</Badge>;
}
