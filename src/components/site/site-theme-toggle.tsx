// Light / dark / system as three plain toggle buttons. The app's dropdown version pulls a menu and a
// positioning engine into the bundle; the public pages keep their first load small.
import { useRouter } from "@tanstack/react-router";
import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { useState } from "react";
import { DARK_QUERY, type ThemePreference } from "~/lib/theme.ts";
import { saveThemePreference } from "~/server/preferences/theme.ts";

const options = [
  { value: "light", label: "Light", icon: SunIcon },
  { value: "dark", label: "Dark", icon: MoonIcon },
  { value: "system", label: "System", icon: MonitorIcon },
] as const satisfies { value: ThemePreference; label: string; icon: typeof SunIcon }[];

export function SiteThemeToggle({
  preference,
  className,
}: {
  preference: ThemePreference;
  className?: string;
}) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);

  const choose = async (value: ThemePreference) => {
    if (value === preference || saving) return;
    setSaving(true);
    try {
      const lastSystemTheme = window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
      await saveThemePreference({
        data: value === "system" ? { preference: value, lastSystemTheme } : { preference: value },
      });
      await router.invalidate();
    } catch {
      // The toaster library loads only when something needs it.
      const { toast } = await import("sonner");
      toast.error("Could not change the theme. Please try again.");
    } finally {
      setSaving(false);
    }
  };

  return (
    <fieldset
      className={`inline-flex items-center rounded-md border p-0.5 ${className ?? ""}`}
      disabled={saving}
    >
      <legend className="sr-only">Theme</legend>
      {options.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={preference === value}
          aria-label={`${label} theme`}
          title={`${label} theme`}
          onClick={() => void choose(value)}
          className="inline-flex size-7 items-center justify-center rounded-[5px] text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:bg-accent aria-pressed:text-foreground"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      ))}
    </fieldset>
  );
}
