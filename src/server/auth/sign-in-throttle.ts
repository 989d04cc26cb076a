// Repeated failed sign-ins for one account are refused for a while. Counting failures (not attempts)
// keeps normal users unaffected. The key is the email alone: a client address would come from
// X-Forwarded-For, which the client controls unless a trusted proxy sets it, so an attacker could
// rotate it to get unlimited guesses. The price is that someone who knows an email can hold that
// account's password sign-in off for 15 minutes at a time.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { signInFailure } from "../db/schema/index.ts";

export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const TOO_MANY_SIGN_IN_FAILURES = "Too many failed sign-in attempts. Try again in 15 minutes.";

function throttleKey(email: unknown): string | null {
  if (typeof email !== "string" || !email) return null;
  return email.trim().toLowerCase();
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
            const [row] = await db.select().from(signInFailure).where(eq(signInFailure.key, key));
            const windowOpen = row && Date.now() - row.windowStartedAt.getTime() < SIGN_IN_WINDOW_MS;
            if (windowOpen && row.failures >= SIGN_IN_MAX_FAILURES) {
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
            const failed = returned instanceof APIError && returned.statusCode === 401;
            if (!failed) {
              if (!(returned instanceof APIError)) {
                await db.delete(signInFailure).where(eq(signInFailure.key, key));
              }
              return;
            }
            const now = new Date();
            const windowStart = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
            await db
              .insert(signInFailure)
              .values({ key, failures: 1, windowStartedAt: now })
              .onConflictDoUpdate({
                target: signInFailure.key,
                set: {
                  failures: sql`case when ${signInFailure.windowStartedAt} < ${windowStart} then 1 else ${signInFailure.failures} + 1 end`,
                  windowStartedAt: sql`case when ${signInFailure.windowStartedAt} < ${windowStart} then ${now} else ${signInFailure.windowStartedAt} end`,
                },
              });
          }),
        },
      ],
    },
  };
}
