// The small button on an admin list's row that opens an action on it (ban, sign out, delete): a short
// label, and for screen readers the words saying whose row it is. It is mostly a dialog's trigger, so
// it passes on what the trigger gives it (click handler, ref, aria and data attributes).
import { Button, type ButtonProps } from "~/components/ui/button.tsx";

export function RowActionButton({
  children,
  whose,
  ...props
}: ButtonProps & {
  /** Read out after the label, e.g. " ada@example.com". */
  whose: string;
}) {
  return (
    <Button variant="ghost" size="sm" {...props}>
      {children}
      <span className="sr-only">{whose}</span>
    </Button>
  );
}
