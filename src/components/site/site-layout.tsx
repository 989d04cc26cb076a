import type { ReactNode } from "react";
import { MainLandmark } from "~/components/ui/main-landmark.tsx";
import type { ThemePreference } from "~/lib/theme.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

/** Header, main content and footer of every public page; other public routes may wrap themselves in it. */
export function SiteLayout(props: {
  signedIn: boolean;
  themePreference: ThemePreference;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/50"
      >
        Skip to content
      </a>
      <SiteHeader signedIn={props.signedIn} themePreference={props.themePreference} />
      <MainLandmark id="main" className="flex-1">
        {props.children}
      </MainLandmark>
      <SiteFooter />
    </div>
  );
}
