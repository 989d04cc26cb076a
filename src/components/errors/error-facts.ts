// What an error says about itself, whatever shape it reached the page in: tRPC client errors
// (data.code / data.httpStatus), AppErrors (code) or anything else thrown while loading a route.
// Apart from the pages' copy (error-copy.ts), which only pages that show an error load.
import { type AppErrorCode, appErrorCodes, httpStatusOf } from "~/lib/errors.ts";

export interface ErrorFacts {
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

/** The error's AppError code, from its code or else its HTTP status. */
export const errorCode = (facts: ErrorFacts): AppErrorCode | undefined =>
  isAppErrorCode(facts.code) ? facts.code : codeOfStatus[facts.status ?? 0];
