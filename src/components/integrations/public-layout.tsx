// A minimal frame for the public integration pages; the public site's own header and footer
// (src/components/site/) can replace it without touching the pages.
import { Link, useRouteContext } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Logo } from "~/components/brand/logo.tsx";
import { ThemeSwitch } from "~/components/theme/theme-switch.tsx";
import { Button } from "~/components/ui/button.tsx";

export function IntegrationsLayout({ children }: { children: ReactNode }) {
  const { user, theme } = useRouteContext({ from: "__root__" });
  return (
    <div className="flex min-h-svh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-14 w-full max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Link to="/" aria-label="Portico home">
            <Logo />
          </Link>
          <nav aria-label="Main" className="hidden text-sm sm:block">
            <Link
              to="/integrations"
              className="text-muted-foreground hover:text-foreground"
              activeProps={{ className: "text-foreground font-medium" }}
            >
              Integrations
            </Link>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <ThemeSwitch preference={theme.preference} />
            {user ? (
              <Button asChild size="sm">
                <Link to="/app/dashboard">Open dashboard</Link>
              </Button>
            ) : (
              <Button asChild size="sm" variant="outline">
                <Link to="/sign-in">Sign in</Link>
              </Button>
            )}
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-12">{children}</main>
    </div>
  );
}
