import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Logo } from "~/components/brand/logo.tsx";

/** The frame of the OAuth pages: the sign-in pages' look, a little wider for the consent details. */
export function OAuthLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-12">
      {/* Banner, main and footer landmarks: everything on the page is in one (WCAG 1.3.1). */}
      <header>
        <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <Logo />
        </Link>
      </header>
      <main className="w-full max-w-md rounded-xl border bg-card p-6 shadow-sm sm:p-8">{children}</main>
      {footer ? (
        <footer className="max-w-md text-center text-sm text-muted-foreground">{footer}</footer>
      ) : null}
    </div>
  );
}
