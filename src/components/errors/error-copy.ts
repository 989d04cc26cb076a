// What the error page says for an error (requirements §8). Errors reach the page as tRPC client errors
// (data.code / data.httpStatus), AppErrors (code) or anything else thrown while loading a route.
import { type AppErrorCode, appErrorCodes, httpStatusOf } from "~/lib/errors.ts";

export const DEFAULT_ERROR_MESSAGE = "An unexpected error occurred. Please try again later.";
export const NOT_AUTHORIZED_MESSAGE = "Sorry, you are not authorized to access this page.";
export const NOT_FOUND_MESSAGE = "Sorry, this page could not be found.";
export const NEED_HELP_TEXT = "Try refreshing the page, or contact support if the problem persists.";
export const CONNECTION_MESSAGE = "Could not reach the server. Check your connection and try again.";
export const CONTACT_NOTE = "If you think this is a mistake, please contact support.";

export interface ErrorCopy {
  title: string;
  message: string;
  /** The server's own words under a 404's fixed message (e.g. 'Invalid server ID: x'), when it gave any. */
  detail?: string;
}

interface ErrorFacts {
  code?: string;
  status?: number;
  /** The server's own message, when it is meant for people (not a validation dump). */
  message?: string;
  /** True when the server produced the error (a tRPC or AppError), false for client-side failures. */
  fromServer: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

const isAppErrorCode = (value: unknown): value is AppErrorCode =>
  typeof value === "string" && (appErrorCodes as readonly string[]).includes(value);

export function errorFacts(error: unknown): ErrorFacts {
  if (!isRecord(error)) return { fromServer: false };
  const message = typeof error.message === "string" && error.message ? error.message : undefined;
  const data = isRecord(error.data) ? error.data : null;
  if (data && (typeof data.code === "string" || typeof data.httpStatus === "number")) {
    return {
      code: typeof data.code === "string" ? data.code : undefined,
      status: typeof data.httpStatus === "number" ? data.httpStatus : undefined,
      message: data.zodError ? undefined : message,
      fromServer: true,
    };
  }
  if (isAppErrorCode(error.code)) {
    return { code: error.code, status: httpStatusOf[error.code], message, fromServer: true };
  }
  const status = typeof error.status === "number" ? error.status : undefined;
  return { status, message, fromServer: status !== undefined };
}

const codeOfStatus: Record<number, AppErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  402: "PAYMENT_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
};

/** Picks the error page's big title and message from the error's code, else its HTTP status. */
export function errorCopy(error: unknown): ErrorCopy {
  const facts = errorFacts(error);
  const code = isAppErrorCode(facts.code) ? facts.code : codeOfStatus[facts.status ?? 0];
  switch (code) {
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
