// The admin index's figures: how big the instance is and how busy it was this calendar month (UTC).
import { and, count, gte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { organization, project, toolCall, user } from "../db/schema/index.ts";

export function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function getAdminStats(db: Database, now = new Date()) {
  const since = startOfMonthUtc(now);
  const [[users], [organizations], [projects], [calls]] = await Promise.all([
    db.select({ value: count() }).from(user),
    db.select({ value: count() }).from(organization),
    db.select({ value: count() }).from(project),
    db
      .select({
        total: count(),
        errors: sql<number>`count(*) filter (where ${toolCall.status} = 'error')`.mapWith(Number),
      })
      .from(toolCall)
      .where(and(gte(toolCall.createdAt, since))),
  ]);
  return {
    users: users?.value ?? 0,
    organizations: organizations?.value ?? 0,
    projects: projects?.value ?? 0,
    toolCallsThisMonth: calls?.total ?? 0,
    errorsThisMonth: calls?.errors ?? 0,
    monthStartedAt: since,
  };
}
