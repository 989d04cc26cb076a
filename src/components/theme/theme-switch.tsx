import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { toast } from "sonner";
import { errorMessage } from "~/components/errors/error-copy.ts";
import { Button } from "~/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu.tsx";
import { type ThemePreference, themePreferences } from "~/lib/theme.ts";
import { useSaveTheme } from "./use-save-theme.ts";

const options: Record<ThemePreference, { label: string; icon: typeof SunIcon }> = {
  light: { label: "Light", icon: SunIcon },
  dark: { label: "Dark", icon: MoonIcon },
  system: { label: "System", icon: MonitorIcon },
};

const isPreference = (value: string): value is ThemePreference =>
  (themePreferences as readonly string[]).includes(value);

/** Light / dark / system menu for the top bar; arrow keys move, Enter or Space picks. */
export function ThemeSwitch({ preference }: { preference: ThemePreference }) {
  const { saving, save } = useSaveTheme((error) => toast.error(errorMessage(error)));
  const Current = options[preference].icon;

  const choose = (value: string) => {
    if (!isPreference(value) || value === preference) return;
    return save(value);
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Theme: ${options[preference].label}`}
          disabled={saving}
        >
          <Current />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-40">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={preference} onValueChange={(value) => void choose(value)}>
          {themePreferences.map((value) => {
            const Icon = options[value].icon;
            return (
              <DropdownMenuRadioItem key={value} value={value}>
                <Icon />
                {options[value].label}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
