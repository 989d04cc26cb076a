// Server-only: the signed-in user for a request, read from the Better Auth session cookie.
import type { App } from "../app-services.ts";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: string;
  /** Two-factor sign-in is on (organizations may require it: organizations/two-factor-policy.ts). */
  twoFactorEnabled: boolean;
}

export async function readSessionUser(app: App, headers: Headers): Promise<SessionUser | null> {
  const session = await app.auth.api.getSession({ headers });
  if (!session?.user) return null;
  const { id, email, name } = session.user;
  const { role, twoFactorEnabled } = session.user as {
    role?: string | null;
    twoFactorEnabled?: boolean | null;
  };
  return { id, email, name, role: role ?? "user", twoFactorEnabled: twoFactorEnabled === true };
}
