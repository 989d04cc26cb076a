// The button that creates or adds something, most often a dialog's trigger: a plus, then what it makes.
import { Plus } from "lucide-react";
import { Button, type ButtonProps } from "./button.tsx";

export function AddButton({ children, ...props }: ButtonProps) {
  return (
    <Button {...props}>
      <Plus className="size-4" aria-hidden="true" /> {children}
    </Button>
  );
}
