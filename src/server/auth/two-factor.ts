// Two-factor sign-in: Better Auth's twoFactor plugin (authenticator-app codes and backup codes), with
// its refusals reworded so a person knows what to do next.
//
// Secrets at rest: the plugin encrypts the authenticator secret itself (XChaCha20-Poly1305, a key derived
// from BETTER_AUTH_SECRET) and offers no seam to change that; the backup codes use the same encryption
// (its "encrypted" mode), so both halves of a person's second factor sit under one key. Portico's
// envelope encryption (server/crypto, ENCRYPTION_KEYS) could only have covered the backup codes, and
// without the row's identity as associated data, since the plugin's hook receives only the codes.
// Consequence for operators: replacing BETTER_AUTH_SECRET makes every stored authenticator secret and
// backup code unreadable (README, configuration), so that secret is kept, not rotated by replacement.
//
// Brakes on guessing (the sign-in step): 5 wrong codes end a sign-in attempt (the password is asked
// again), 10 consecutive wrong codes lock the account's second step for 15 minutes, and in production
// Better Auth's per-address limit allows 3 requests to /two-factor/* per 10 seconds.
import { randomInt } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import {
  BACKUP_CODE_ALPHABET,
  BACKUP_CODE_COUNT,
  BACKUP_CODE_LENGTH,
  formatBackupCode,
  TRUST_DEVICE_DAYS,
} from "../../lib/two-factor.ts";

/** The plugin's error codes that deserve other words, with Portico's message for each. */
export const TWO_FACTOR_MESSAGES: Record<string, string> = {
  INVALID_CODE: "That code is not right. Enter the 6-digit code your authenticator app shows now.",
  INVALID_BACKUP_CODE: "That backup code is not right, or it has been used already.",
  INVALID_TWO_FACTOR_COOKIE: "This sign-in has expired. Enter your email and password again.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Too many wrong codes. Enter your email and password again.",
  ACCOUNT_TEMPORARILY_LOCKED:
    "Too many wrong codes for this account. Wait 15 minutes, then sign in again, or use a backup code then.",
  INVALID_PASSWORD: "Your password is not correct.",
  TOTP_ALREADY_ENABLED: "Two-factor authentication is already on for this account.",
  TWO_FACTOR_NOT_ENABLED: "Two-factor authentication is off for this account.",
  TOTP_NOT_ENABLED: "Start again: set up two-factor authentication first.",
};

/** Backup codes people can copy from paper without confusing 0 and o (lib/two-factor.ts). */
export function generateBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    let characters = "";
    for (let index = 0; index < BACKUP_CODE_LENGTH; index++) {
      characters += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
    }
    return formatBackupCode(characters);
  });
}

function twoFactorMessages(): BetterAuthPlugin {
  return {
    id: "two-factor-messages",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path?.startsWith("/two-factor/") ?? false,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!(returned instanceof APIError)) return;
            const code = returned.body?.code;
            const message = typeof code === "string" ? TWO_FACTOR_MESSAGES[code] : undefined;
            if (!message) return;
            throw new APIError(returned.status, { message, code });
          }),
        },
      ],
    },
  };
}

export function twoFactorPlugins() {
  return [
    twoFactor({
      issuer: "Portico",
      trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
      backupCodeOptions: { storeBackupCodes: "encrypted", customBackupCodesGenerate: generateBackupCodes },
      accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
    }),
    twoFactorMessages(),
  ] as const;
}
