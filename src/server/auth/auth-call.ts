// Better Auth's server API answers a refusal with its own APIError; procedures turn it into the app's
// AppError so the client sees the same code and message as for any other refusal.
import { APIError } from "better-auth/api";
import { AppError, type AppErrorCode, appErrorCodes } from "../../lib/errors.ts";

export async function authCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const status = String(error.status);
    const code: AppErrorCode = (appErrorCodes as readonly string[]).includes(status)
      ? (status as AppErrorCode)
      : "BAD_REQUEST";
    throw new AppError(code, error.body?.message || error.message || "The request was refused.");
  }
}
