// What the second sign-in step and the two-factor setup accept: the 6 digits an authenticator app shows
// (spaces as apps group them are dropped), or a backup code as Portico prints it ("abcde-12345"; typed
// without the dash it is added back, since the server compares the code exactly).
import { z } from "zod";

export const TOTP_CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
export const BACKUP_CODE_MESSAGE = "Enter one of your backup codes, like abcde-12345";

export const totpCodeField = z
  .string()
  .transform((code) => code.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

export const backupCodeField = z
  .string()
  .transform((code) => code.trim().replace(/\s/g, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, BACKUP_CODE_MESSAGE))
  .transform((code) => (code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`));

/** The plugin's refusals after which the code step cannot go on: the password is asked again. */
export const RESTART_SIGN_IN_CODES = ["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"];
