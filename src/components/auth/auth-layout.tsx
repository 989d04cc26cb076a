import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Logo } from "~/components/brand/logo.tsx";

interface AuthLayoutProps {
  title: string;
  description: string;
  children: ReactNode;
  /** The link to the other auth page, under the card. */
  footer: ReactNode;
}

export function AuthLayout({ title, description, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-12">
      {/* Banner, main and footer landmarks: everything on the page is in one (WCAG 1.3.1). */}
      <header>
        <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <Logo />
        </Link>
      </header>
      <main className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex flex-col gap-1 text-center">
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {children}
      </main>
      <footer className="text-sm text-muted-foreground">{footer}</footer>
    </div>
  );
}
