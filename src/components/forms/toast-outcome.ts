// The callbacks of a mutation run straight from a button or a select (no form to show a refusal in):
// on success a toast says what changed and the page's data is reloaded; on failure the refusal is toasted.
import { toast } from "sonner";
import { messageOf } from "./form-errors.ts";

export function toastOutcome(message: string, refresh: () => unknown, kind: "success" | "info" = "success") {
  return {
    onSuccess: () => {
      toast[kind](message);
      void refresh();
    },
    onError: (error: unknown) => toast.error(messageOf(error)),
  };
}
