import { Badge } from "~/components/ui/badge.tsx";
import type { ConnectionStatus } from "~/lib/integrations/types.ts";

const look: Record<
  ConnectionStatus,
  { label: string; variant: "success" | "warning" | "destructive" | "outline" }
> = {
  active: { label: "Connected", variant: "success" },
  pending: { label: "Pending", variant: "warning" },
  error: { label: "Error", variant: "destructive" },
  inactive: { label: "Disconnected", variant: "outline" },
};

/** requirements §3 connection statuses as people read them; null is "never connected". */
export function ConnectionStatusBadge({ status }: { status: ConnectionStatus | null }) {
  if (!status) return <Badge variant="outline">Not connected</Badge>;
  const { label, variant } = look[status];
  return <Badge variant={variant}>{label}</Badge>;
}
