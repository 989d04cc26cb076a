// A management token's scopes, chosen the plain way first: read everything, read and write everything,
// or per resource family (no access, read, or read and write for each). What it returns is the scope
// list the server stores (lib/management-scopes.ts).
import { RadioOption } from "~/components/servers/radio-option.tsx";
import { ErrorText } from "~/components/ui/error-text.tsx";
import { OptionSelect } from "~/components/ui/select.tsx";
import {
  type ManagementFamily,
  type ManagementScope,
  managementFamilies,
  managementFamilyLabels,
} from "~/lib/management-scopes.ts";

export type FamilyAccess = "none" | "read" | "write";
export type ScopeChoice =
  | { mode: "read" | "write" }
  | { mode: "families"; families: Record<ManagementFamily, FamilyAccess> };

export const noFamilies = () =>
  Object.fromEntries(managementFamilies.map((family) => [family, "none"])) as Record<
    ManagementFamily,
    FamilyAccess
  >;

export function scopesOf(choice: ScopeChoice): ManagementScope[] {
  if (choice.mode !== "families") return [choice.mode];
  return managementFamilies.flatMap((family) => {
    const access = choice.families[family];
    return access === "none" ? [] : [`${family}:${access}` as const];
  });
}

const modes = [
  {
    value: "read",
    title: "Read everything",
    description: "Lists and reads every resource; changes nothing.",
  },
  {
    value: "write",
    title: "Read and write everything",
    description: "Everything the management API can do in this organization.",
  },
  { value: "families", title: "Choose per resource", description: "Only the resources you pick below." },
] as const;

const accessLabels: Record<FamilyAccess, string> = {
  none: "No access",
  read: "Read",
  write: "Read and write",
};

export function ScopePicker({
  value,
  onChange,
  disabled,
  error,
}: {
  value: ScopeChoice;
  onChange: (next: ScopeChoice) => void;
  disabled?: boolean;
  error?: string;
}) {
  const families = value.mode === "families" ? value.families : null;
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Access</legend>
      {modes.map((mode) => (
        <RadioOption
          key={mode.value}
          name="access"
          value={mode.value}
          checked={value.mode === mode.value}
          onChange={(next) =>
            onChange(
              next === "families"
                ? { mode: "families", families: families ?? noFamilies() }
                : { mode: next as "read" | "write" },
            )
          }
          title={mode.title}
          description={mode.description}
          invalid={Boolean(error) && mode.value === "families"}
        />
      ))}
      {families ? (
        <ul className="mt-2 flex flex-col gap-2" aria-label="Access per resource">
          {managementFamilies.map((family) => (
            <li key={family} className="flex items-center justify-between gap-3">
              <span className="min-w-0 text-sm">{managementFamilyLabels[family]}</span>
              <OptionSelect
                className="w-40 shrink-0"
                aria-label={`${managementFamilyLabels[family]} access`}
                value={families[family]}
                onValueChange={(access) =>
                  onChange({ mode: "families", families: { ...families, [family]: access as FamilyAccess } })
                }
                options={(Object.keys(accessLabels) as FamilyAccess[]).map((access) => ({
                  value: access,
                  label: accessLabels[access],
                }))}
                disabled={disabled}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorText message={error} />
    </fieldset>
  );
}

/** "Read everything", "Projects: read and write, Call log: read": a token's scopes in words. */
export function describeScopes(scopes: readonly string[]): string {
  if (scopes.includes("write")) return "Read and write everything";
  const parts = scopes.flatMap((scope) => {
    if (scope === "read") return ["Read everything"];
    const [family, access] = scope.split(":") as [ManagementFamily, "read" | "write"];
    const label = managementFamilyLabels[family] ?? family;
    return [`${label}: ${access === "write" ? "read and write" : "read"}`];
  });
  return parts.join(", ");
}
