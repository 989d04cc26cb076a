// The controls of a tool's input form: text, number, yes/no, choice, list (one per line) or JSON,
// each labelled, marked when required, and showing its inline message.
import { FormField } from "~/components/ui/form-field.tsx";
import { Input, inputClasses } from "~/components/ui/input.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { cn } from "~/lib/cn.ts";
import { type FormValues, optionLabel, type SchemaField } from "./schema-form-model.ts";

const hintOf = (field: SchemaField) => {
  const extra =
    field.kind === "string-array" ? "One value per line." : field.kind === "json" ? "JSON." : null;
  return [field.description, extra].filter(Boolean).join(" ") || undefined;
};

interface ControlProps {
  field: SchemaField;
  value: string;
  onChange: (value: string) => void;
  // Set by FormField, which ties the label and the message to the control.
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

function Control({ field, value, onChange, ...wiring }: ControlProps) {
  const common = { ...wiring, name: field.name, value, "aria-required": field.required };
  switch (field.kind) {
    case "boolean":
    case "enum": {
      const options =
        field.kind === "boolean"
          ? [
              { value: "true", label: "true" },
              { value: "false", label: "false" },
            ]
          : field.options.map((option, index) => ({ value: String(index), label: optionLabel(option) }));
      return (
        <select
          {...common}
          className={cn(inputClasses, "pr-8")}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{field.required ? "Choose…" : "Not set"}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    }
    case "number":
    case "integer":
      return (
        <Input
          {...common}
          inputMode={field.kind === "integer" ? "numeric" : "decimal"}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case "string-array":
    case "json":
      return (
        <Textarea
          {...common}
          rows={field.kind === "json" ? 4 : 3}
          className={field.kind === "json" ? "font-mono text-xs" : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    default:
      return <Input {...common} onChange={(event) => onChange(event.target.value)} />;
  }
}

export function SchemaFormFields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: SchemaField[];
  values: FormValues;
  errors: Record<string, string>;
  onChange: (name: string, value: string) => void;
}) {
  return (
    <>
      {fields.map((field) => (
        <FormField
          key={field.name}
          label={
            <>
              {field.label}
              {field.required ? (
                <span className="text-destructive" aria-hidden="true">
                  *
                </span>
              ) : null}
              {field.label !== field.name ? (
                <code className="text-xs font-normal text-muted-foreground">{field.name}</code>
              ) : null}
            </>
          }
          error={errors[field.name]}
          hint={hintOf(field)}
        >
          <Control
            field={field}
            value={values[field.name] ?? ""}
            onChange={(next) => onChange(field.name, next)}
          />
        </FormField>
      ))}
    </>
  );
}
