// Theme preference (requirements §3): light, dark or system, plus the last OS theme seen under system so the
// server can render the right class before any script runs. Isomorphic: used by the server functions,
// the root document and the theme switch.
import { z } from "zod";

export const themePreferences = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof themePreferences)[number];
export const resolvedThemes = ["light", "dark"] as const;
export type ResolvedTheme = (typeof resolvedThemes)[number];

// Pure-annotated so browser bundles that never validate (the root, the landing page) drop zod entirely.
export const themeSchema = /* @__PURE__ */ z.object({
  preference: /* @__PURE__ */ z.enum(themePreferences),
  lastSystemTheme: /* @__PURE__ */ z.enum(resolvedThemes).optional(),
});
export type Theme = z.infer<typeof themeSchema>;

export const DEFAULT_THEME: Theme = { preference: "system" };
export const THEME_COOKIE = "portico-theme";
/** One year: the cookie only remembers a display choice. */
export const THEME_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Cookie and database value: `dark`, `light`, `system` or `system:dark` / `system:light`. */
export function serializeTheme(theme: Theme): string {
  if (theme.preference === "system" && theme.lastSystemTheme) return `system:${theme.lastSystemTheme}`;
  return theme.preference;
}

export function parseTheme(value: string | null | undefined): Theme | null {
  if (!value) return null;
  const [preference, lastSystemTheme] = value.split(":");
  const parsed = themeSchema.safeParse({ preference, lastSystemTheme: lastSystemTheme || undefined });
  if (!parsed.success) return null;
  return parsed.data.preference === "system" ? parsed.data : { preference: parsed.data.preference };
}

/**
 * The account's saved preference wins over this browser's cookie, but the last OS theme is a fact about
 * this device, so the cookie's value is preferred for it.
 */
export function mergeThemes(cookie: Theme | null, stored: Theme | null): Theme {
  const preference = stored?.preference ?? cookie?.preference ?? DEFAULT_THEME.preference;
  if (preference !== "system") return { preference };
  const lastSystemTheme = cookie?.lastSystemTheme ?? stored?.lastSystemTheme;
  return lastSystemTheme ? { preference, lastSystemTheme } : { preference };
}

/** The class rendered on <html>; under system, `systemTheme` is the live OS value when known. */
export function resolveTheme(theme: Theme, systemTheme?: ResolvedTheme): ResolvedTheme {
  if (theme.preference !== "system") return theme.preference;
  return systemTheme ?? theme.lastSystemTheme ?? "light";
}

export const DARK_QUERY = "(prefers-color-scheme: dark)";

/**
 * Runs in <head> before first paint: under system, the server only guessed the OS theme, so the class
 * is corrected from the media query before anything is drawn.
 */
export const themeBootScript = `(function(){try{var d=document.documentElement;if(d.dataset.themePreference!=="system")return;var t=window.matchMedia(${JSON.stringify(DARK_QUERY)}).matches?"dark":"light";d.classList.remove("light","dark");d.classList.add(t);d.style.colorScheme=t}catch(e){}})();`;
