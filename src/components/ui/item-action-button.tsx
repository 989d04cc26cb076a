// The small outline button that opens an action on one item of a list or card (Edit, Remove, Revoke…),
// most often a dialog's trigger, so it passes on what the trigger gives it (click handler, ref, aria).
import { Button, type ButtonProps } from "./button.tsx";

export function ItemActionButton(props: ButtonProps) {
  return <Button variant="outline" size="sm" {...props} />;
}
