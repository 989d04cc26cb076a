// A site admin's way back in for someone who lost both their authenticator and their backup codes:
// two-factor sign-in is turned off for the account (its authenticator secret, backup codes and
// trusted devices go) and every session of it ends, so the next sign-in is with the password, after
// which they set two-factor up again. The plugin's own "disable" is for the signed-in account only, so
// this writes its tables directly, in one transaction.
//
// Not for the admin's own account: there the account page asks for the password, and a stolen admin
// session must not be able to strip its own second factor without it.
import { and, eq, like } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import { authCall } from "../auth/auth-call.ts";
import { twoFactor, user, verification } from "../db/schema/index.ts";

export const RESET_OWN_TWO_FACTOR =
  "You cannot reset your own two-factor authentication here. Turn it off on your account page.";

/** The plugin's trusted-device records: identifier "trust-device-…", value the account's id. */
const TRUSTED_DEVICE_PREFIX = "trust-device-";

export async function resetTwoFactor(app: App, headers: Headers, actorId: string, userId: string) {
  if (userId === actorId) throw new AppError("BAD_REQUEST", RESET_OWN_TWO_FACTOR);
  const [found] = await app.db
    .select({ name: user.name, email: user.email, on: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId));
  if (!found) throw new AppError("NOT_FOUND", "User not found");
  if (!found.on)
    throw new AppError("BAD_REQUEST", `Two-factor authentication is already off for ${found.email}.`);
  await app.db.transaction(async (tx) => {
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx
      .delete(verification)
      .where(and(like(verification.identifier, `${TRUSTED_DEVICE_PREFIX}%`), eq(verification.value, userId)));
  });
  // Better Auth's admin API, as for "Sign out everywhere": the account signs in again, with its password.
  await authCall(() => app.auth.api.revokeUserSessions({ body: { userId }, headers }));
  return { userId, email: found.email };
}
