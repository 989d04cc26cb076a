// The in-app notice at 80 % and 100 % of the monthly requests (the same alerts that e-mail admins).
import { Link } from "@tanstack/react-router";
import { TriangleAlertIcon } from "lucide-react";

export function UsageBanner({ organizationId, percent }: { organizationId: string; percent: number | null }) {
  if (!percent) return null;
  const full = percent >= 100;
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/15 px-3 py-2 text-sm"
      data-testid="usage-banner"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
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
    </div>
  );
}
