// The frame of the pages outside the app (sign-in and the other auth pages, the OAuth pages): the logo
// linking home, the page's card as its main landmark, and what goes under the card.
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Logo } from "~/components/brand/logo.tsx";
import { cn } from "~/lib/cn.ts";

export function AuthFrame({
  width,
  children,
  footer,
}: {
  /** The card's width class, e.g. max-w-sm. */
  width: string;
  children: ReactNode;
  /** The footer landmark under the card, if any. */
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-12">
      {/* Banner, main and footer landmarks: everything on the page is in one (WCAG 1.3.1). */}
      <header>
        <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <Logo />
        </Link>
      </header>
      <main className={cn("w-full rounded-xl border bg-card p-6 shadow-sm sm:p-8", width)}>{children}</main>
      {footer}
    </div>
  );
}
