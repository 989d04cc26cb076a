// The inputs of one credential shape. Secret inputs start empty: a saved secret is shown only as its
// masked hint, and leaving the input empty keeps it.
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import type { CredentialField } from "~/lib/integrations/credentials/index.ts";

/** Radix Select cannot hold an empty value; this stands for "not set" in optional selects. */
const UNSET = "__unset__";

export interface SavedSecret {
  name: string;
  hasSecret: boolean;
  hint: string | null;
}

interface CredentialFieldsProps {
  fields: readonly CredentialField[];
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  savedSecrets: readonly SavedSecret[];
  disabled: boolean;
  onChange: (name: string, value: string) => void;
}

export function CredentialFields({
  fields,
  values,
  errors,
  savedSecrets,
  disabled,
  onChange,
}: CredentialFieldsProps) {
  return (
    <div className="flex flex-col gap-4">
      {fields.map((field) => {
        const saved = savedSecrets.find((secret) => secret.name === field.name && secret.hasSecret);
        const hint = saved
          ? `Saved (${saved.hint ?? "••••"}). Leave empty to keep it, or type a new one to replace it.`
          : field.hint;
        const value = values[field.name] ?? "";
        if (field.input === "select") {
          return (
            <FormField key={field.name} label={field.label} error={errors[field.name]} hint={hint}>
              <Select
                value={value || (field.required ? (field.defaultValue ?? "") : UNSET)}
                onValueChange={(next) => onChange(field.name, next === UNSET ? "" : next)}
                disabled={disabled}
                name={field.name}
              >
                <SelectTrigger className="w-full">
                  <SelectValue placeholder="Choose…" />
                </SelectTrigger>
                <SelectContent>
                  {field.required ? null : <SelectItem value={UNSET}>Default</SelectItem>}
                  {(field.options ?? []).map((option) => (
                    <SelectItem key={option.value} value={option.value}>
                      {option.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          );
        }
        if (field.input === "textarea") {
          // Multi-line secrets (a JSON key file): pasted whole, never shown back.
          return (
            <FormField key={field.name} label={field.label} error={errors[field.name]} hint={hint}>
              <Textarea
                name={field.name}
                rows={6}
                autoComplete="off"
                placeholder={saved ? "••••••••" : field.placeholder}
                value={value}
                onChange={(event) => onChange(field.name, event.target.value)}
                disabled={disabled}
                spellCheck={false}
                className="font-mono text-xs"
              />
            </FormField>
          );
        }
        return (
          <FormField key={field.name} label={field.label} error={errors[field.name]} hint={hint}>
            <Input
              name={field.name}
              type={field.secret ? "password" : field.input === "number" ? "text" : field.input}
              inputMode={field.input === "number" ? "numeric" : undefined}
              autoComplete={field.secret ? "new-password" : "off"}
              placeholder={saved ? "••••••••" : field.placeholder}
              value={value}
              onChange={(event) => onChange(field.name, event.target.value)}
              disabled={disabled}
              spellCheck={false}
            />
          </FormField>
        );
      })}
    </div>
  );
}
