// Repeated failed sign-ins for one account are refused for a while. Each attempt is counted before the
// password is checked, in one atomic upsert, so concurrent guesses cannot all read a count below the
// limit (300 concurrent guesses were all checked when the count was read first and written after);
// a successful sign-in clears the count, so normal users are unaffected. The key is the email alone:
// the per-address limit is Better Auth's (auth.ts). The price is that someone who knows an email can
// hold that account's password sign-in off for 15 minutes at a time.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import type { Database } from "../db/client.ts";
import { signInFailure } from "../db/schema/index.ts";

export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const TOO_MANY_SIGN_IN_FAILURES = "Too many failed sign-in attempts. Try again in 15 minutes.";

function throttleKey(email: unknown): string | null {
  if (typeof email !== "string" || !email) return null;
  return email.trim().toLowerCase();
}

/** Counts one attempt for `key` (a new window when the last one is over); the count including it. */
export async function countAttempt(db: Database, key: string): Promise<number> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const [row] = await db
    .insert(signInFailure)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: signInFailure.key,
      set: {
        failures: sql`case when ${signInFailure.windowStartedAt} < ${windowStart} then 1 else ${signInFailure.failures} + 1 end`,
        windowStartedAt: sql`case when ${signInFailure.windowStartedAt} < ${windowStart} then ${now} else ${signInFailure.windowStartedAt} end`,
      },
    })
    .returning({ failures: signInFailure.failures });
  return row?.failures ?? 1;
}

export function signInThrottle(db: Database): BetterAuthPlugin {
  const isSignIn = (ctx: { path?: string }) => ctx.path === "/sign-in/email";
  return {
    id: "sign-in-throttle",
    hooks: {
      before: [
        {
          matcher: isSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const key = throttleKey(ctx.body?.email);
            if (!key) return;
            if ((await countAttempt(db, key)) > SIGN_IN_MAX_FAILURES) {
              throw new APIError("TOO_MANY_REQUESTS", { message: TOO_MANY_SIGN_IN_FAILURES });
            }
          }),
        },
      ],
      after: [
        {
          matcher: isSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const key = throttleKey(ctx.body?.email);
            if (!key) return;
            const returned = ctx.context.returned;
            if (!(returned instanceof APIError)) {
              await db.delete(signInFailure).where(eq(signInFailure.key, key));
              return;
            }
            // A wrong password keeps its count, and so does a refusal; anything else (a malformed
            // request, an unverified email) was not a guess and gives its attempt back.
            if (returned.statusCode === 401 || returned.statusCode === 429) return;
            await db
              .update(signInFailure)
              .set({ failures: sql`greatest(${signInFailure.failures} - 1, 0)` })
              .where(eq(signInFailure.key, key));
          }),
        },
      ],
    },
  };
}

export const TOO_MANY_PASSWORD_CHECKS = "Too many wrong passwords. Try again in 15 minutes.";

/**
 * The same limit for the password checks of a signed-in person (changing the password, deleting the
 * account): without it, whoever holds a session (a stolen cookie, an unlocked computer) could guess
 * the password without end, then keep the account. Keyed by user id; the space keeps the key apart from
 * the sign-in keys, which are email addresses. `isWrongPassword` tells a guess from other failures.
 */
export async function throttledPasswordCheck<T>(
  db: Database,
  userId: string,
  check: () => Promise<T>,
  isWrongPassword: (error: unknown) => boolean,
): Promise<T> {
  const key = `password-check ${userId}`;
  if ((await countAttempt(db, key)) > SIGN_IN_MAX_FAILURES) {
    throw new AppError("BAD_REQUEST", TOO_MANY_PASSWORD_CHECKS);
  }
  try {
    const result = await check();
    await db.delete(signInFailure).where(eq(signInFailure.key, key));
    return result;
  } catch (error) {
    if (!isWrongPassword(error)) {
      await db
        .update(signInFailure)
        .set({ failures: sql`greatest(${signInFailure.failures} - 1, 0)` })
        .where(eq(signInFailure.key, key));
    }
    throw error;
  }
}
