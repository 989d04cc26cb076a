// One control for a policy's action everywhere (tools, servers, rules): the same four words.
import { OptionSelect } from "~/components/ui/select.tsx";

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
    <OptionSelect
      id={id}
      className="sm:w-48"
      aria-label={label}
      value={value}
      onValueChange={(next) => onChange(next as PolicyActionValue | "inherit")}
      options={[
        ...(inherit ? [{ value: "inherit", label: inherit }] : []),
        ...(Object.keys(policyActionLabels) as PolicyActionValue[]).map((action) => ({
          value: action,
          label: policyActionLabels[action],
        })),
      ]}
      disabled={disabled}
    />
  );
}
