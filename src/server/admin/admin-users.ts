// The site admin's view of every account: a searchable, sortable page of users, and the changes an
// admin makes to one (role, ban, sessions, deletion). Changes go through Better Auth's admin API, so
// its own rules (no banning or removing yourself, sessions ended on a ban) hold here too.
import { and, asc, count, desc, eq, gt, ilike, or, type SQL, sql } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { describeUserAgent } from "../../lib/user-agent.ts";
import { leaveOrganizationsBeforeDeletion } from "../accounts/sole-ownership.ts";
import type { App } from "../app-services.ts";
import { authCall } from "../auth/auth-call.ts";
import { organizationMember, session, user } from "../db/schema/index.ts";

export const userSortFields = ["name", "email", "createdAt", "role"] as const;
export type UserSortField = (typeof userSortFields)[number];
export const siteRoles = ["user", "admin"] as const;
export type SiteRole = (typeof siteRoles)[number];

export interface UserListQuery {
  search: string;
  sort: UserSortField;
  direction: "asc" | "desc";
  page: number;
  pageSize: number;
}

/** `%` and `_` typed in the search box are matched literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(app: App, query: UserListQuery) {
  const where: SQL | undefined = query.search
    ? or(ilike(user.name, likePattern(query.search)), ilike(user.email, likePattern(query.search)))
    : undefined;
  const column = { name: user.name, email: user.email, createdAt: user.createdAt, role: user.role }[
    query.sort
  ];
  const order = query.direction === "asc" ? asc(column) : desc(column);
  const organizations = app.db
    .select({ value: count() })
    .from(organizationMember)
    .where(eq(organizationMember.userId, user.id));
  const activeSessions = app.db
    .select({ value: count() })
    .from(session)
    .where(and(eq(session.userId, user.id), gt(session.expiresAt, sql`now()`)));
  const [rows, [total]] = await Promise.all([
    app.db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        role: user.role,
        banned: user.banned,
        banReason: user.banReason,
        twoFactorEnabled: user.twoFactorEnabled,
        createdAt: user.createdAt,
        organizationCount: sql<number>`(${organizations})`.mapWith(Number),
        activeSessionCount: sql<number>`(${activeSessions})`.mapWith(Number),
      })
      .from(user)
      .where(where)
      .orderBy(order, asc(user.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    app.db.select({ value: count() }).from(user).where(where),
  ]);
  return {
    users: rows.map((row) => ({ ...row, banned: row.banned ?? false })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function requireUser(app: App, userId: string) {
  const [found] = await app.db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  if (!found) throw new AppError("NOT_FOUND", "User not found");
  return found;
}

export async function setUserRole(
  app: App,
  headers: Headers,
  actorId: string,
  userId: string,
  role: SiteRole,
) {
  // An admin lowering their own role could leave the instance with nobody to run it.
  if (userId === actorId) throw new AppError("BAD_REQUEST", "You cannot change your own role.");
  await requireUser(app, userId);
  await authCall(() => app.auth.api.setRole({ body: { userId, role }, headers }));
  return { userId, role };
}

export async function banUser(app: App, headers: Headers, userId: string, reason: string) {
  await requireUser(app, userId);
  // Better Auth marks the account banned and deletes every session of it in the same call.
  await authCall(() => app.auth.api.banUser({ body: { userId, banReason: reason }, headers }));
  return { userId, banned: true };
}

export async function unbanUser(app: App, headers: Headers, userId: string) {
  await requireUser(app, userId);
  await authCall(() => app.auth.api.unbanUser({ body: { userId }, headers }));
  return { userId, banned: false };
}

export async function deleteUser(app: App, headers: Headers, actorId: string, userId: string) {
  if (userId === actorId) {
    throw new AppError("BAD_REQUEST", "You cannot delete your own account here. Use your account page.");
  }
  const target = await requireUser(app, userId);
  await leaveOrganizationsBeforeDeletion(app.db, userId, "other");
  await authCall(() => app.auth.api.removeUser({ body: { userId }, headers }));
  return { userId, email: target.email };
}

/** A session as the admin pages show it: never its token, which is a bearer credential. */
export function publicSession(row: {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
}) {
  return {
    id: row.id,
    ipAddress: row.ipAddress,
    device: describeUserAgent(row.userAgent),
    userAgent: row.userAgent,
    createdAt: row.createdAt,
    lastActiveAt: row.updatedAt,
    expiresAt: row.expiresAt,
  };
}

/** The same from a session as Better Auth's API lists it (dates possibly as text, "" for no address). */
export function publicAuthSession(s: {
  id: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  expiresAt: Date | string;
}) {
  return publicSession({
    id: s.id,
    ipAddress: s.ipAddress || null,
    userAgent: s.userAgent ?? null,
    createdAt: new Date(s.createdAt),
    updatedAt: new Date(s.updatedAt),
    expiresAt: new Date(s.expiresAt),
  });
}

export async function listUserSessions(app: App, headers: Headers, userId: string) {
  await requireUser(app, userId);
  const { sessions } = await authCall(() => app.auth.api.listUserSessions({ body: { userId }, headers }));
  return sessions
    .filter((s) => new Date(s.expiresAt).getTime() > Date.now())
    .map(publicAuthSession)
    .sort((a, b) => b.lastActiveAt.getTime() - a.lastActiveAt.getTime());
}
