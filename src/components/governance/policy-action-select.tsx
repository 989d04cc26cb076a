// One control for a policy's action everywhere (tools, servers, rules): the same four words.
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";

export type PolicyActionValue = "allow" | "confirm" | "approve" | "deny";

export const policyActionLabels: Record<PolicyActionValue, string> = {
  allow: "Allow",
  confirm: "Caller confirms",
  approve: "Reviewer approves",
  deny: "Deny",
};

/** `inherit`: the option of no policy of its own ("Default: …"), offered for tools and servers. */
export function PolicyActionSelect({
  id,
  value,
  onChange,
  label,
  inherit,
  disabled,
}: {
  id?: string;
  value: PolicyActionValue | "inherit";
  onChange: (value: PolicyActionValue | "inherit") => void;
  label: string;
  inherit?: string;
  disabled?: boolean;
}) {
  return (
    <Select
      value={value}
      onValueChange={(next) => onChange(next as PolicyActionValue | "inherit")}
      disabled={disabled}
    >
      <SelectTrigger id={id} className="w-full min-w-0 sm:w-48 [&>span]:truncate" aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {inherit ? <SelectItem value="inherit">{inherit}</SelectItem> : null}
        {(Object.keys(policyActionLabels) as PolicyActionValue[]).map((action) => (
          <SelectItem key={action} value={action}>
            {policyActionLabels[action]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
