// One choice of a radio group drawn as a bordered option: a native radio (arrow keys move within the
// group, Space picks) with a title as its name and a sentence as its description. Used for a server's
// "whose account" and an API key's type.
import { type ReactNode, useId } from "react";
import { cn } from "~/lib/cn.ts";

export function RadioOption({
  name,
  value,
  checked,
  onChange,
  title,
  description,
  disabled,
  invalid,
  className,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  title: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  /** Marks the control invalid, so a refused submit moves focus here (useFocusFirstError). */
  invalid?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div
      className={cn(
        "flex items-start gap-3 rounded-lg border p-3 transition-colors has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50",
        disabled && "bg-muted/40",
        className,
      )}
    >
      <input
        type="radio"
        id={`${id}-input`}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(value)}
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-invalid={invalid ? true : undefined}
        className="mt-0.5 size-4 shrink-0 accent-primary disabled:cursor-not-allowed"
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <label
          htmlFor={`${id}-input`}
          id={`${id}-title`}
          className={cn(
            "text-sm font-medium",
            disabled ? "cursor-not-allowed text-muted-foreground" : "cursor-pointer",
          )}
        >
          {title}
        </label>
        {description ? (
          <div id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </div>
        ) : null}
      </div>
    </div>
  );
}
