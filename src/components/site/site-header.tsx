// The public site's top bar: logo, navigation, theme, and the way in (sign in / get started, or the app).
// The phone menu is a <details> element, so it opens with or without JavaScript and from the keyboard.
import { Link, useRouterState } from "@tanstack/react-router";
import { MenuIcon, XIcon } from "lucide-react";
import { useRef } from "react";
import { Logo } from "~/components/brand/logo.tsx";
import { buttonVariants } from "~/components/ui/button-variants.ts";
import type { ThemePreference } from "~/lib/theme.ts";
import { primaryNav } from "./site-nav.ts";
import { SiteThemeToggle } from "./site-theme-toggle.tsx";

interface SiteHeaderProps {
  signedIn: boolean;
  themePreference: ThemePreference;
}

const isCurrent = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

export function SiteHeader({ signedIn, themePreference }: SiteHeaderProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => menu.current?.removeAttribute("open");

  const account = signedIn ? (
    <Link to="/app/dashboard" className={buttonVariants({ size: "sm" })}>
      Open app
    </Link>
  ) : (
    <>
      <Link to="/sign-in" className={buttonVariants({ variant: "ghost", size: "sm" })}>
        Sign in
      </Link>
      <Link to="/sign-up" className={buttonVariants({ size: "sm" })}>
        Get started
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-6 px-4 sm:px-6">
        <Link
          to="/"
          aria-label="Portico home"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden flex-1 md:block">
          <ul className="flex items-center gap-1">
            {primaryNav.map((item) => (
              <li key={item.href}>
                <Link
                  to={item.href}
                  aria-current={isCurrent(pathname, item.href) ? "page" : undefined}
                  className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:text-foreground"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden items-center gap-2 md:flex">
          <SiteThemeToggle preference={themePreference} />
          {account}
        </div>
        <details ref={menu} className="group ml-auto md:hidden">
          <summary
            className="flex size-9 cursor-pointer list-none items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden"
            aria-label="Menu"
          >
            <MenuIcon className="size-5 group-open:hidden" aria-hidden="true" />
            <XIcon className="hidden size-5 group-open:block" aria-hidden="true" />
          </summary>
          <div className="absolute inset-x-0 top-14 border-b bg-background px-4 pt-2 pb-4 shadow-sm">
            <nav aria-label="Main">
              <ul className="flex flex-col">
                {primaryNav.map((item) => (
                  <li key={item.href}>
                    <Link
                      to={item.href}
                      onClick={closeMenu}
                      aria-current={isCurrent(pathname, item.href) ? "page" : undefined}
                      className="block rounded-md px-2 py-2.5 text-base font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-3 flex flex-wrap items-center gap-2 border-t pt-3">
              <SiteThemeToggle preference={themePreference} />
              <div className="ml-auto flex gap-2">{account}</div>
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}
