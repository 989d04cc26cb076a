// What the second sign-in step and the two-factor setup accept: the 6 digits an authenticator app shows
// (spaces as apps group them are dropped), or a backup code as Portico prints it ("abcd-efgh-jkmn"; typed
// in capitals or without dashes it is put back in that form, since the server compares codes exactly).
import { z } from "zod";
import { normalizeBackupCode } from "~/lib/two-factor.ts";

export const TOTP_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
export const BACKUP_CODE_MESSAGE = "Enter one of your backup codes, like abcd-efgh-jkmn";

export const totpCodeField = z
  .string()
  .transform((code) => code.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

export const backupCodeField = z.string().transform((code, context) => {
  const normalized = normalizeBackupCode(code);
  if (normalized === null) context.addIssue({ code: "custom", message: BACKUP_CODE_MESSAGE });
  return normalized ?? code;
});

/** The plugin's refusals after which the code step cannot go on: the password is asked again. */
export const RESTART_SIGN_IN_CODES = ["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"];
