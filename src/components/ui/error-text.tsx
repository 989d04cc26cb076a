// A refusal or failure in a line of red text, announced to screen readers as it appears; nothing while
// there is none. For messages beside a control or inside a panel (forms' own refusals: FormAlert).
import type { ReactNode } from "react";

export function ErrorText({ message }: { message: ReactNode }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}
