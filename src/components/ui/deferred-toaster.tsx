// The toaster, loaded after the page is interactive. Toasts answer something the visitor did, so the
// toast library is fetched on the first interaction (or a few seconds after load) instead of being
// part of every page's first load; the landing page's JavaScript budget depends on it.
import { type ComponentType, useEffect, useState } from "react";
import type { ResolvedTheme } from "~/lib/theme.ts";

type ToasterComponent = ComponentType<{ theme: ResolvedTheme }>;

const INTERACTIONS = ["pointerdown", "keydown", "touchstart", "focusin"] as const;
const FALLBACK_DELAY_MS = 4000;

export function DeferredToaster({ theme }: { theme: ResolvedTheme }) {
  const [Toaster, setToaster] = useState<ToasterComponent | null>(null);

  useEffect(() => {
    let cancelled = false;
    const load = () => {
      stop();
      void import("./toaster.tsx").then((module) => {
        if (!cancelled) setToaster(() => module.Toaster);
      });
    };
    const timer = window.setTimeout(load, FALLBACK_DELAY_MS);
    const stop = () => {
      window.clearTimeout(timer);
      for (const event of INTERACTIONS) window.removeEventListener(event, load, true);
    };
    for (const event of INTERACTIONS) window.addEventListener(event, load, { capture: true, passive: true });
    return () => {
      cancelled = true;
      stop();
    };
  }, []);

  return Toaster ? <Toaster theme={theme} /> : null;
}
