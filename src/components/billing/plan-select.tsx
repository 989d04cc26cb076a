// A select of every plan by name, for the places a site administrator sets a plan by hand (the
// organization's billing page and the admin billing table).
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";
import { type PlanId, planIds, plans } from "~/lib/plans.ts";

export function PlanSelect({
  value,
  onValueChange,
  label,
  disabled,
  triggerClassName,
}: {
  value: PlanId;
  onValueChange: (plan: PlanId) => void;
  /** The trigger's accessible name. */
  label: string;
  disabled?: boolean;
  triggerClassName?: string;
}) {
  return (
    <Select value={value} onValueChange={(plan) => onValueChange(plan as PlanId)} disabled={disabled}>
      <SelectTrigger className={triggerClassName} aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {planIds.map((id) => (
          <SelectItem key={id} value={id}>
            {plans[id].name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
