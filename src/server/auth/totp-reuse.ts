// An authenticator code counts once: the plugin accepts the same code again for as long as it is valid
// (its 30-second step and one either side), so a code seen over someone's shoulder or phished could sign
// in a second time. A code the plugin accepted is recorded as a verification row whose id is the account
// and the code; before /two-factor/verify-totp runs, a recorded code is refused. Two requests with one
// code at the same moment both pass that check, but only one can insert the record (primary key): the
// other's new session is deleted and it is refused too. Whose code it is, before the plugin runs, comes
// from the session (turning 2FA on) or from the plugin's signed "two_factor" cookie, whose verification
// row holds the account id (signing in), as the plugin's verify-two-factor.mjs reads it.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { and, eq, like, lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { verification } from "../db/schema/index.ts";

export const CODE_ALREADY_USED =
  "That code has been used already. Wait for the next code your authenticator app shows.";

/** Long enough to outlive the plugin's window: the code's own step and one either side. */
const RECORD_MS = 2 * 60 * 1000;
const RECORD_PREFIX = "totp-used:";
const recordId = (userId: string, code: string) => `${RECORD_PREFIX}${userId}:${code}`;

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

async function accountOf(ctx: AuthContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const token = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!token) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(token);
  return pending?.value ?? null;
}

const codeOf = (body: unknown) => {
  const code = (body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && /^\d{6}$/.test(code) ? code : null;
};

export function totpReuse(db: Database): BetterAuthPlugin {
  const isVerifyTotp = (ctx: { path?: string }) => ctx.path === "/two-factor/verify-totp";
  return {
    id: "totp-reuse",
    hooks: {
      before: [
        {
          matcher: isVerifyTotp,
          handler: createAuthMiddleware(async (ctx) => {
            const code = codeOf(ctx.body);
            const userId = code ? await accountOf(ctx) : null;
            if (!code || !userId) return; // the plugin refuses these itself
            // This account's records that have run out are cleared on the way.
            await db
              .delete(verification)
              .where(
                and(
                  like(verification.identifier, `${RECORD_PREFIX}${userId}:%`),
                  lt(verification.expiresAt, new Date()),
                ),
              );
            const [used] = await db
              .select({ id: verification.id })
              .from(verification)
              .where(eq(verification.id, recordId(userId, code)));
            if (used)
              throw new APIError("UNAUTHORIZED", { message: CODE_ALREADY_USED, code: "CODE_ALREADY_USED" });
          }),
        },
      ],
      after: [
        {
          matcher: isVerifyTotp,
          handler: createAuthMiddleware(async (ctx) => {
            const code = codeOf(ctx.body);
            const session = ctx.context.newSession;
            if (ctx.context.returned instanceof APIError || !code || !session) return;
            const id = recordId(session.user.id, code);
            const recorded = await db
              .insert(verification)
              .values({
                id,
                identifier: id,
                value: session.user.id,
                expiresAt: new Date(Date.now() + RECORD_MS),
              })
              .onConflictDoNothing()
              .returning({ id: verification.id });
            if (recorded.length > 0) return;
            // A request with the same code got here first: the session just made is taken back.
            await ctx.context.internalAdapter.deleteSession(session.session.token);
            throw new APIError("UNAUTHORIZED", { message: CODE_ALREADY_USED, code: "CODE_ALREADY_USED" });
          }),
        },
      ],
    },
  };
}
