import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";
import type { ResolvedTheme } from "~/lib/theme.ts";

// Sonner reads its colours and corner radius from these variables; pointing them at the theme tokens
// makes every variant follow light/dark, and a zero radius gives the square corners of requirements §1.
const toasterStyle = {
  "--width": "356px",
  "--border-radius": "0px",
  "--normal-bg": "var(--popover)",
  "--normal-text": "var(--popover-foreground)",
  "--normal-border": "var(--border)",
} as CSSProperties;

/** One toaster for the whole app: bottom right, 4 s, three at a time, 356 px wide (requirements §1, §9). */
export function Toaster({ theme }: { theme: ResolvedTheme }) {
  return (
    <Sonner
      theme={theme}
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      closeButton
      style={toasterStyle}
    />
  );
}
