// Counts beside the scope's nav items: an organization's Integrations item shows how many of its
// connections are broken (the overviews' banner lists them).
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "~/lib/trpc.ts";
import type { NavItem } from "./nav-items.ts";
import type { ShellScope } from "./use-current-scope.ts";

export function useNavBadges(scope: ShellScope, items: NavItem[]): NavItem[] {
  const trpc = useTRPC();
  // After hydration only: the server renders the nav before a page's own query (the overviews' banner)
  // fills the cache, so a count read from the cache while hydrating would not match the server's HTML.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const organizationId = scope.kind === "organization" ? scope.organizationId : "";
  const broken = useQuery({
    ...trpc.integrations.connections.getBrokenConnections.queryOptions({ organizationId }),
    enabled: organizationId !== "",
  });
  // A project's Approvals item shows how many held calls wait for this person's decision.
  const projectId = scope.kind === "project" ? scope.projectId : "";
  const pending = useQuery({
    ...trpc.governance.getPendingCount.queryOptions({ projectId }),
    enabled: projectId !== "",
    refetchInterval: 30_000,
  });
  const waiting = mounted && projectId ? (pending.data ?? 0) : 0;
  if (waiting > 0) {
    const label = waiting === 1 ? "1 call waits for approval" : `${waiting} calls wait for approval`;
    return items.map((item) =>
      item.href.endsWith("/approvals") ? { ...item, badge: { count: waiting, label } } : item,
    );
  }
  const count = mounted && organizationId ? (broken.data?.connections.length ?? 0) : 0;
  if (count === 0) return items;
  const label = count === 1 ? "1 connection needs attention" : `${count} connections need attention`;
  return items.map((item) =>
    item.href.endsWith("/integrations") ? { ...item, badge: { count, label } } : item,
  );
}
