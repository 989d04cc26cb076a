// Why someone landed on the dashboard when they asked for another page (?notice=…), said in place.
import { ShieldAlert } from "lucide-react";

export const dashboardNotices = {
  "admin-only":
    "The admin area is only for site administrators, so you were brought to your dashboard instead.",
} as const;

export type DashboardNotice = keyof typeof dashboardNotices;

export const parseDashboardNotice = (search: Record<string, unknown>): { notice?: DashboardNotice } =>
  typeof search.notice === "string" && Object.hasOwn(dashboardNotices, search.notice)
    ? { notice: search.notice as DashboardNotice }
    : {};

export function DashboardNoticeBanner({ notice }: { notice: DashboardNotice | undefined }) {
  if (!notice) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {dashboardNotices[notice]}
    </p>
  );
}
