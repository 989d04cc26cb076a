import { Link } from "@tanstack/react-router";
import { cn } from "~/lib/cn.ts";
import type { NavItem } from "./nav-items.ts";

export function NavLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const Icon = item.icon;
  return (
    <Link
      // Hrefs are built from the scope's id; the router still matches and preloads them.
      to={item.href as string}
      activeOptions={{ exact: item.exact ?? false, includeSearch: false }}
      onClick={onNavigate}
      className={cn(
        "flex items-center gap-2.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-sidebar-foreground/80 transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
        "data-[status=active]:bg-accent data-[status=active]:text-accent-foreground",
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {item.label}
      {item.badge ? (
        <span className="ml-auto flex items-center">
          <span
            aria-hidden="true"
            className="min-w-5 rounded-full bg-warning px-1.5 text-center text-xs leading-5 font-semibold text-black"
          >
            {item.badge.count}
          </span>
          <span className="sr-only">({item.badge.label})</span>
        </span>
      ) : null}
    </Link>
  );
}
