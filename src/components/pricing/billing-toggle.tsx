import type { BillingInterval } from "~/lib/plans.ts";

/** Monthly / annual as a pair of radio buttons: arrow keys move between them like any radio group. */
export function BillingToggle({
  value,
  onChange,
  savingsNote,
}: {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
  savingsNote: string;
}) {
  const options: { value: BillingInterval; label: string }[] = [
    { value: "monthly", label: "Monthly" },
    { value: "annual", label: "Annual" },
  ];
  return (
    <fieldset className="flex flex-col items-center gap-2">
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex rounded-lg border bg-muted p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className="relative cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium text-muted-foreground has-checked:bg-background has-checked:text-foreground has-checked:shadow-sm has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
          >
            <input
              type="radio"
              name="billing-interval"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
      <p className="text-sm text-muted-foreground">{savingsNote}</p>
    </fieldset>
  );
}
