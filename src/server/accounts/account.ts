// A person's own account: what the account page shows and the changes they make to it. Every change
// goes through Better Auth's API with the person's own session headers, so it checks that session.
import { APIError } from "better-auth/api";
import { AppError } from "../../lib/errors.ts";
import { publicAuthSession } from "../admin/admin-users.ts";
import type { App } from "../app-services.ts";
import { authCall } from "../auth/auth-call.ts";
import { throttledPasswordCheck } from "../auth/sign-in-throttle.ts";
import { requireNoSoleOwnership, soleOwnedOrganizations } from "./sole-ownership.ts";

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct.";
/** Where the confirmation link of a changed address leads once it has been opened. */
export const EMAIL_CHANGED_CALLBACK = "/app/account?emailChanged=1";

const isInvalidPassword = (error: unknown) =>
  error instanceof APIError && error.body?.code === "INVALID_PASSWORD";

async function currentSession(app: App, headers: Headers) {
  const found = await app.auth.api.getSession({ headers });
  if (!found) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
  return found;
}

export async function getAccount(app: App, headers: Headers) {
  const { user, session } = await currentSession(app, headers);
  const [sessions, soleOwned] = await Promise.all([
    app.auth.api.listSessions({ headers }),
    soleOwnedOrganizations(app.db, user.id),
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled === true,
    createdAt: user.createdAt,
    soleOwnedOrganizations: soleOwned,
    sessions: sessions
      .map((s) => ({
        ...publicAuthSession(s),
        current: s.id === session.id,
      }))
      .sort(
        (a, b) =>
          Number(b.current) - Number(a.current) || b.lastActiveAt.getTime() - a.lastActiveAt.getTime(),
      ),
  };
}

export async function updateName(app: App, headers: Headers, name: string) {
  await authCall(() => app.auth.api.updateUser({ body: { name }, headers }));
  return { name };
}

export async function changeEmail(app: App, headers: Headers, newEmail: string) {
  const { user } = await currentSession(app, headers);
  if (newEmail === user.email.toLowerCase()) {
    throw new AppError("BAD_REQUEST", "This is already your email address.");
  }
  // Better Auth mails a link to the new address and changes it only when that link is opened; it
  // answers the same whether or not the address belongs to another account.
  await authCall(() =>
    app.auth.api.changeEmail({ body: { newEmail, callbackURL: EMAIL_CHANGED_CALLBACK }, headers }),
  );
  return { sentTo: newEmail };
}

export async function changePassword(
  app: App,
  headers: Headers,
  currentPassword: string,
  newPassword: string,
) {
  const { user } = await currentSession(app, headers);
  try {
    await throttledPasswordCheck(
      app.db,
      user.id,
      () =>
        app.auth.api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: false },
          headers,
        }),
      isInvalidPassword,
    );
  } catch (error) {
    if (isInvalidPassword(error)) {
      throw new AppError("BAD_REQUEST", WRONG_CURRENT_PASSWORD);
    }
    return authCall(() => Promise.reject(error));
  }
  // Whoever changes the password may be locking out someone who has it: every other session ends, as a
  // reset ends all of them. Better Auth's own option would also replace this session (a new cookie the
  // tRPC caller never gets), so the current one is kept by revoking the others after the change.
  await authCall(() => app.auth.api.revokeOtherSessions({ headers }));
  return { changed: true };
}

export async function revokeOtherSessions(app: App, headers: Headers) {
  await authCall(() => app.auth.api.revokeOtherSessions({ headers }));
  return { revoked: true };
}

export async function deleteAccount(app: App, headers: Headers, password: string) {
  const { user } = await currentSession(app, headers);
  // Also enforced in Better Auth's beforeDelete hook; checked first here for the clearer order of errors.
  await requireNoSoleOwnership(app.db, user.id, "self");
  try {
    await throttledPasswordCheck(
      app.db,
      user.id,
      () => app.auth.api.deleteUser({ body: { password }, headers }),
      isInvalidPassword,
    );
  } catch (error) {
    if (isInvalidPassword(error)) {
      throw new AppError("BAD_REQUEST", "The password is not correct.");
    }
    return authCall(() => Promise.reject(error));
  }
  return { deleted: true };
}
