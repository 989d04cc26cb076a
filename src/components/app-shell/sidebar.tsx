import { Link, useRouterState } from "@tanstack/react-router";
import { Logo } from "~/components/brand/logo.tsx";
import { adminNav, isAdminPath } from "./admin-nav-items.ts";
import { globalNav, scopeNav } from "./nav-items.ts";
import { NavLink } from "./nav-link.tsx";
import { ScopeSwitcher } from "./scope-switcher.tsx";
import { useCurrentScope } from "./use-current-scope.ts";
import { useNavBadges } from "./use-nav-badges.ts";
import { useOrganizationPermissions } from "./use-organization-permissions.ts";

/** Sidebar content, used both fixed on wide screens and inside the phone drawer. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const scope = useCurrentScope();
  const allows = useOrganizationPermissions(scope);
  const pages = useNavBadges(
    scope,
    scopeNav(scope).filter((item) => !item.permission || allows(item.permission)),
  );
  const inAdmin = useRouterState({ select: (state) => isAdminPath(state.location.pathname) });
  return (
    <div className="flex h-full flex-col gap-4 p-3">
      <Link
        to="/app/dashboard"
        onClick={onNavigate}
        className="rounded-md px-1.5 py-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <Logo />
      </Link>
      <ScopeSwitcher scope={scope} onNavigate={onNavigate} />
      <nav aria-label="Main" className="flex flex-1 flex-col gap-4 overflow-y-auto">
        {pages.length > 0 ? (
          <div className="flex flex-col gap-0.5">
            <p className="px-2.5 pb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {scope.kind === "project" ? "Project" : "Organization"}
            </p>
            {pages.map((item) => (
              <NavLink key={item.href} item={item} onNavigate={onNavigate} />
            ))}
          </div>
        ) : null}
        {inAdmin ? (
          <div className="flex flex-col gap-0.5" data-testid="admin-nav">
            <p className="px-2.5 pb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">
              Admin
            </p>
            {adminNav.map((item) => (
              <NavLink key={item.href} item={item} onNavigate={onNavigate} />
            ))}
          </div>
        ) : null}
        <div className="flex flex-col gap-0.5">
          <p className="px-2.5 pb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            Portico
          </p>
          {globalNav.map((item) => (
            <NavLink key={item.href} item={item} onNavigate={onNavigate} />
          ))}
        </div>
      </nav>
    </div>
  );
}
