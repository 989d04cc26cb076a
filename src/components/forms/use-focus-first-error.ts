// After a submit that fails, focus moves to what needs attention: the first field marked invalid, else
// the form's alert (a server refusal such as a wrong password). Without this, focus stayed on the submit
// button, or fell to <body> when the form's fieldset was disabled while the request ran.
import { useCallback, useEffect, useState } from "react";

/** Focuses the first invalid control of `form`, else its form-level alert. */
export function focusFirstError(form: HTMLFormElement): void {
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])');
  (invalid ?? form.querySelector<HTMLElement>("[data-form-alert]"))?.focus();
}

/**
 * Returns `request(form)`: call it in the same update as the errors are set; focus moves once React
 * has rendered them (an effect, so the invalid marks and the alert exist and the fields are enabled).
 */
export function useFocusFirstError(): (form: HTMLFormElement | null | undefined) => void {
  const [target, setTarget] = useState<{ form: HTMLFormElement } | null>(null);
  useEffect(() => {
    if (target) focusFirstError(target.form);
  }, [target]);
  return useCallback((form) => {
    if (form) setTarget({ form });
  }, []);
}
