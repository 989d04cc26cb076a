// Saving a theme choice, shared by the app's theme menu and the public pages' toggle: with "system" it
// also sends what the system shows now, so the server renders the matching theme; then it reloads the
// route data that carries the preference. Each caller says how a failure is told, so the public pages need not
// load the toaster up front.
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { DARK_QUERY, type ThemePreference } from "~/lib/theme.ts";
import { saveThemePreference } from "~/server/preferences/theme.ts";

export function useSaveTheme(onError: (error: unknown) => unknown) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);

  const save = async (value: ThemePreference) => {
    setSaving(true);
    try {
      const lastSystemTheme = window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
      await saveThemePreference({
        data: value === "system" ? { preference: value, lastSystemTheme } : { preference: value },
      });
      await router.invalidate();
    } catch (error) {
      await onError(error);
    } finally {
      setSaving(false);
    }
  };

  return { saving, save };
}
