// A text input bound by name to a form hook's values, errors and update (useAuthForm, useInlineForm),
// labelled and wired for screen readers by FormField: the sign-in, sign-up, password and account forms
// each wrote this wiring out per field.
import type { ComponentProps, ReactNode } from "react";
import { FormField } from "~/components/ui/form-field.tsx";
import { Input } from "~/components/ui/input.tsx";

export interface BoundForm<K extends string> {
  values: { [F in K]?: unknown };
  errors: { [F in K]?: string | undefined };
  update: (field: K, value: string) => void;
}

type BoundInputProps<K extends string> = {
  form: BoundForm<K>;
  name: K;
  label: ReactNode;
  hint?: ReactNode;
} & Omit<ComponentProps<typeof Input>, "form" | "name" | "value" | "onChange">;

export function BoundInput<K extends string>({ form, name, label, hint, ...input }: BoundInputProps<K>) {
  return (
    <FormField label={label} error={form.errors[name]} hint={hint}>
      <Input
        {...input}
        name={name}
        value={form.values[name] as string}
        onChange={(event) => form.update(name, event.target.value)}
      />
    </FormField>
  );
}
