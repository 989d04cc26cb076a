import type { ReactNode } from "react";
import { ThemeSwitch } from "~/components/theme/theme-switch.tsx";
import { MainLandmark } from "~/components/ui/main-landmark.tsx";
import type { ThemePreference } from "~/lib/theme.ts";
import type { SessionUser } from "~/server/session/session-user.ts";
import { Breadcrumbs } from "./breadcrumbs.tsx";
import { MobileNav } from "./mobile-nav.tsx";
import { Sidebar } from "./sidebar.tsx";
import { UserMenu } from "./user-menu.tsx";

interface AppShellProps {
  user: SessionUser;
  themePreference: ThemePreference;
  children: ReactNode;
}

/** The frame of every /app page: sidebar, top bar (breadcrumbs, theme, account) and the page. */
export function AppShell({ user, themePreference, children }: AppShellProps) {
  return (
    <div className="flex min-h-svh bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-svh w-64 shrink-0 border-r bg-sidebar md:block">
        <Sidebar />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur sm:px-6">
          <MobileNav />
          <div className="min-w-0 flex-1">
            <Breadcrumbs />
          </div>
          <ThemeSwitch preference={themePreference} />
          <UserMenu user={user} />
        </header>
        <MainLandmark id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {children}
        </MainLandmark>
      </div>
    </div>
  );
}
