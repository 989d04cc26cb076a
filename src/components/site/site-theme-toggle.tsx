// Light / dark / system as three plain toggle buttons. The app's dropdown version pulls a menu and a
// positioning engine into the bundle; the public pages keep their first load small.
import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { useSaveTheme } from "~/components/theme/use-save-theme.ts";
import type { ThemePreference } from "~/lib/theme.ts";

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
  const { saving, save } = useSaveTheme(async () => {
    // The toaster library loads only when something needs it.
    const { toast } = await import("sonner");
    toast.error("Could not change the theme. Please try again.");
  });

  const choose = (value: ThemePreference) => {
    if (value === preference || saving) return;
    return save(value);
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
