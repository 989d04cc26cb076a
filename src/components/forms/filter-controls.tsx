// The pieces the log pages' filter bars share (call log, audit log): a labelled select whose "any" entry
// means no filter, and the button that clears them all.
import { X } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";
import { Label } from "~/components/ui/label.tsx";
import { OptionSelect } from "~/components/ui/select.tsx";

/** The option value that stands for "no filter"; onChange reports it as undefined. */
export const ANY = "any";

export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <OptionSelect
        id={id}
        value={value ?? ANY}
        onValueChange={(next) => onChange(next === ANY ? undefined : next)}
        options={options}
      />
    </div>
  );
}

export function ClearFiltersButton({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Button variant="ghost" disabled={!filtered} onClick={onClear} className="justify-self-start">
      <X className="size-4" aria-hidden="true" /> Clear filters
    </Button>
  );
}
