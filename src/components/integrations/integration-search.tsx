// The search box over a list of integrations (the public catalogue, an organization's integrations page).
import { SearchIcon } from "lucide-react";
import { Input } from "~/components/ui/input.tsx";

export function IntegrationSearch({
  value,
  onChange,
  maxLength,
}: {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
}) {
  return (
    <div className="relative sm:w-80">
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Search integrations"
        aria-label="Search integrations"
        className="pl-9"
        maxLength={maxLength}
      />
    </div>
  );
}
