// What the error page says for an error (requirements §8), from what the error says about itself
// (error-facts.ts).
import { CONNECTION_MESSAGE } from "./connection-message.ts";
import { errorCode, errorFacts } from "./error-facts.ts";

// Every error text is here; this one lives apart for a view in every first load (connection-message.ts).
export { CONNECTION_MESSAGE };

export const DEFAULT_ERROR_MESSAGE = "An unexpected error occurred. Please try again later.";
export const NOT_AUTHORIZED_MESSAGE = "Sorry, you are not authorized to access this page.";
export const NOT_FOUND_MESSAGE = "Sorry, this page could not be found.";
export const NEED_HELP_TEXT = "Try refreshing the page, or contact support if the problem persists.";
export const CONTACT_NOTE = "If you think this is a mistake, please contact support.";

export interface ErrorCopy {
  title: string;
  message: string;
  /** The server's own words under a 404's fixed message (e.g. 'Invalid server ID: x'), when it gave any. */
  detail?: string;
}

/** Picks the error page's big title and message from the error's code, else its HTTP status. */
export function errorCopy(error: unknown): ErrorCopy {
  const facts = errorFacts(error);
  switch (errorCode(facts)) {
    case "BAD_REQUEST":
      return { title: "400", message: facts.message ?? NOT_FOUND_MESSAGE };
    case "UNAUTHORIZED":
      return { title: "401", message: NOT_AUTHORIZED_MESSAGE };
    case "FORBIDDEN":
      return { title: "403", message: NOT_AUTHORIZED_MESSAGE };
    case "NOT_FOUND":
      return {
        title: "404",
        message: NOT_FOUND_MESSAGE,
        detail: facts.message && facts.message !== NOT_FOUND_MESSAGE ? facts.message : undefined,
      };
    case "PAYMENT_REQUIRED":
      // Plan limits explain themselves (e.g. which limit was reached), so their message is kept.
      return { title: "402", message: facts.message ?? DEFAULT_ERROR_MESSAGE };
    default:
      return { title: facts.fromServer ? "400" : "Error", message: DEFAULT_ERROR_MESSAGE };
  }
}

// What fetch itself says when no response came back (Chromium, Firefox, Safari, Node): shown as it was,
// "Failed to fetch" told people nothing about what to do.
const NO_RESPONSE =
  /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|fetch failed)$/;

/** A one-line, human message for toasts and form alerts: the server's text when it has one, else the default. */
export function errorMessage(error: unknown): string {
  const facts = errorFacts(error);
  if (!facts.fromServer && facts.message && NO_RESPONSE.test(facts.message)) return CONNECTION_MESSAGE;
  if (facts.fromServer && facts.status !== undefined && facts.status >= 500) return DEFAULT_ERROR_MESSAGE;
  return facts.message ?? DEFAULT_ERROR_MESSAGE;
}
