// The one error type the server raises on purpose. Its codes are the spec's; each maps to a tRPC code
// and an HTTP status in one place, and the error page picks its title from the status.
export const appErrorCodes = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "PAYMENT_REQUIRED",
] as const;
export type AppErrorCode = (typeof appErrorCodes)[number];

export const httpStatusOf: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYMENT_REQUIRED: 402,
};

export class AppError extends Error {
  readonly code: AppErrorCode;

  constructor(code: AppErrorCode, message: string) {
    super(message);
    this.name = "AppError";
    this.code = code;
  }
}
