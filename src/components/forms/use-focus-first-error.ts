// After a submit that fails, focus moves to what needs attention: the first field marked invalid, else
// the form's alert (a server refusal such as a wrong password). Without this, focus stayed on the submit
// button, or fell to <body> when the form's fieldset was disabled while the request ran.
import { useCallback, useEffect, useRef, useState } from "react";

/** The first invalid control of `form`, else its form-level alert. */
function firstError(form: HTMLFormElement): HTMLElement | null {
  return (
    form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    form.querySelector<HTMLElement>("[data-form-alert]")
  );
}

/**
 * Returns `request(form)`: call it where the errors are set. Focus moves once React has rendered them
 * (an effect), and waits while the field is still disabled by a pending save, which cannot take focus.
 */
export function useFocusFirstError(): (form: HTMLFormElement | null | undefined) => void {
  const requested = useRef<HTMLFormElement | null>(null);
  const [, rerender] = useState(0);
  useEffect(() => {
    const form = requested.current;
    if (!form) return;
    const target = firstError(form);
    if (target?.matches(":disabled")) return;
    requested.current = null;
    target?.focus();
  });
  return useCallback((form) => {
    if (!form) return;
    requested.current = form;
    rerender((count) => count + 1);
  }, []);
}
