// The in-app notice at 80 % and 100 % of the monthly requests (the same alerts that e-mail admins).
import { Link } from "@tanstack/react-router";
import { StatusNotice } from "~/components/ui/status-notice.tsx";

export function UsageBanner({ organizationId, percent }: { organizationId: string; percent: number | null }) {
  if (!percent) return null;
  const full = percent >= 100;
  return (
    <StatusNotice tone="warning" data-testid="usage-banner">
      <p>
        {full
          ? "This organization has used all its monthly requests: tool calls are refused until the period ends or the plan is upgraded."
          : `This organization has used ${percent}% of its monthly requests this period.`}{" "}
        <Link
          to="/app/organization/$organizationId/billing"
          params={{ organizationId }}
          className="font-medium underline"
        >
          See usage and plans
        </Link>
      </p>
    </StatusNotice>
  );
}
