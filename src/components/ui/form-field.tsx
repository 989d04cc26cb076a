import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from "react";
import { cn } from "~/lib/cn.ts";
import { Label } from "./label.tsx";

interface ControlProps {
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The input; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<ControlProps>;
  /** Inline validation message; when set the control is marked invalid. */
  error?: string | undefined;
  /** Help text shown under the control while there is no error. */
  hint?: ReactNode;
  className?: string;
}

/** Label + control + message, wired for screen readers: the message is announced with the field. */
export function FormField({ label, children, error, hint, className }: FormFieldProps) {
  const generatedId = useId();
  const id = children.props.id ?? generatedId;
  const messageId = `${id}-message`;
  const message = error ?? hint;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": message ? messageId : undefined,
      })
    : children;

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {control}
      {message ? (
        <p
          id={messageId}
          role={error ? "alert" : undefined}
          className={cn("text-sm", error ? "text-destructive" : "text-muted-foreground")}
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}
