import { CircleAlertIcon } from "lucide-react";
import { MessageWithLinks } from "~/components/errors/message-with-links.tsx";

/** A form-level error (e.g. wrong password, too many attempts), announced to screen readers. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      // Focusable by script only, so a refused submit can move focus here (useFocusFirstError).
      tabIndex={-1}
      data-form-alert=""
      className="flex items-start gap-2 rounded-md outline-none border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <MessageWithLinks message={message} />
      </span>
    </div>
  );
}
