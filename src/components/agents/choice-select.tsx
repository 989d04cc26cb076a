import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";

/** The app's Select as one form control, so FormField's label, id and messages reach its trigger. */
export function ChoiceSelect({
  value,
  onChange,
  options,
  placeholder,
  ...control
}: {
  value: string;
  onChange: (value: string) => void;
  /** A disabled option stays listed (say why beside the field). */
  options: [value: string, label: string, disabled?: boolean][];
  placeholder?: string;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger className="w-full" {...control}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map(([optionValue, label, disabled]) => (
          <SelectItem key={optionValue} value={optionValue} disabled={disabled}>
            {label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
