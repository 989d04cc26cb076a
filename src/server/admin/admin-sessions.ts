// Every signed-in session on the instance, for the admin's sessions page: who, from which device and
// address, since when; and ending one session or all of a person's.
import { and, count, desc, eq, gt, ilike, or, sql } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../app-services.ts";
import { authCall } from "../auth/auth-call.ts";
import { asReadSession } from "../auth/hashed-session-tokens.ts";
import { session, user } from "../db/schema/index.ts";
import { likePattern, publicSession } from "./admin-users.ts";

export interface SessionListQuery {
  search: string;
  page: number;
  pageSize: number;
}

export async function listActiveSessions(app: App, query: SessionListQuery) {
  const active = gt(session.expiresAt, sql`now()`);
  const where = query.search
    ? and(
        active,
        or(
          ilike(user.name, likePattern(query.search)),
          ilike(user.email, likePattern(query.search)),
          ilike(session.ipAddress, likePattern(query.search)),
        ),
      )
    : active;
  const [rows, [total]] = await Promise.all([
    app.db
      .select({
        id: session.id,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        userId: user.id,
        userName: user.name,
        userEmail: user.email,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(where)
      .orderBy(desc(session.updatedAt), desc(session.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    app.db.select({ value: count() }).from(session).innerJoin(user, eq(user.id, session.userId)).where(where),
  ]);
  return {
    sessions: rows.map((row) => ({
      ...publicSession(row),
      user: { id: row.userId, name: row.userName, email: row.userEmail },
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function revokeSession(app: App, headers: Headers, sessionId: string) {
  const [found] = await app.db
    .select({ token: session.token, userId: session.userId })
    .from(session)
    .where(eq(session.id, sessionId));
  if (!found) throw new AppError("NOT_FOUND", "Session not found. It may have ended already.");
  // The column holds the token's hash (hashed-session-tokens.ts): Better Auth ends the row by it only
  // as a session this request has read.
  await asReadSession(found.token, () =>
    authCall(() => app.auth.api.revokeUserSession({ body: { sessionToken: found.token }, headers })),
  );
  return { sessionId, userId: found.userId };
}

export async function revokeAllSessionsOf(app: App, headers: Headers, userId: string) {
  const [found] = await app.db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!found) throw new AppError("NOT_FOUND", "User not found");
  await authCall(() => app.auth.api.revokeUserSessions({ body: { userId }, headers }));
  return { userId };
}
