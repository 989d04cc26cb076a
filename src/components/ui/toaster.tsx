import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";
import type { ResolvedTheme } from "~/lib/theme.ts";

/** One toaster for the whole app: bottom right, 4 s, three at a time, 356 px wide (SPEC §1, §9). */
export function Toaster({ theme }: { theme: ResolvedTheme }) {
  return (
    <Sonner
      theme={theme}
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      closeButton
      style={{ "--width": "356px" } as CSSProperties}
    />
  );
}
