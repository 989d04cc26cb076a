import { useEffect, useLayoutEffect, useSyncExternalStore } from "react";
import { DARK_QUERY, type ResolvedTheme, resolveTheme, type Theme } from "~/lib/theme.ts";
import { saveThemePreference } from "~/server/preferences/theme.ts";

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};
const systemTheme = (): ResolvedTheme => (window.matchMedia(DARK_QUERY).matches ? "dark" : "light");

/**
 * The class for <html>. Under system it follows the OS live; during SSR and hydration it uses the last OS
 * theme the server knows, which the boot script in <head> has already corrected before paint.
 * When the OS theme differs from what the server remembers, the new value is saved so the next
 * server render is right from the start.
 */
export function useResolvedTheme(theme: Theme): ResolvedTheme {
  const live = useSyncExternalStore(subscribe, systemTheme, () => undefined);
  const { preference, lastSystemTheme } = theme;

  useEffect(() => {
    if (preference !== "system" || !live || live === lastSystemTheme) return;
    saveThemePreference({ data: { preference, lastSystemTheme: live } }).catch(() => {
      // Only a hint for the next server render; the page already shows the right theme.
    });
  }, [preference, lastSystemTheme, live]);

  const resolved = resolveTheme(theme, live);
  useLayoutEffect(() => applyToDocument(resolved), [resolved]);
  return resolved;
}

/**
 * React leaves attributes that differ at hydration as they are, and sets <html>'s class only when the
 * rendered value changes. An OS switch after the boot script ran but before hydration subscribed would
 * then leave the class stale, so the resolved theme is written to the document itself.
 */
function applyToDocument(resolved: ResolvedTheme): void {
  const html = document.documentElement;
  if (html.classList.contains(resolved) && html.style.colorScheme === resolved) return;
  html.classList.remove("light", "dark");
  html.classList.add(resolved);
  html.style.colorScheme = resolved;
}
