import { FormField } from "~/components/ui/form-field.tsx";
import { OptionSelect } from "~/components/ui/select.tsx";

/** When a new credential (an API key, a management token) stops working. */
export const expiryChoices = [
  { value: "never", label: "Never", days: null },
  { value: "30", label: "In 30 days", days: 30 },
  { value: "90", label: "In 90 days", days: 90 },
  { value: "365", label: "In 1 year", days: 365 },
] as const;

export type ExpiryChoice = (typeof expiryChoices)[number]["value"];

/** The moment `choice` names from now, or null for never. */
export function expiresAtOf(choice: ExpiryChoice, now = Date.now()): string | null {
  const days = expiryChoices.find((each) => each.value === choice)?.days ?? null;
  return days === null ? null : new Date(now + days * 24 * 60 * 60 * 1000).toISOString();
}

export function ExpirySelect(props: {
  value: ExpiryChoice;
  onChange: (value: ExpiryChoice) => void;
  disabled?: boolean;
}) {
  return (
    <FormField label="Expires">
      {/* The choices are short: the trigger keeps its own width rather than the field's. */}
      <OptionSelect
        className="w-fit"
        value={props.value}
        onValueChange={(value) => props.onChange(value as ExpiryChoice)}
        options={expiryChoices}
        disabled={props.disabled}
      />
    </FormField>
  );
}
