// Call statistics of a project from the tool call log: daily requests and errors for the chart, totals,
// the latest calls, and the organization's requests this billing period. Every call counts, the
// playground's too, as the quota and the billing page count them (request-counts.ts).
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { loadEffectivePlan } from "../billing/effective-plan.ts";
import type { CallChannel } from "../db/schema/gateway.ts";
import { toolCall } from "../db/schema/index.ts";
import { type CallCountServices, organizationRequestsSince } from "./request-counts.ts";

export const CHART_DAYS = 14;
const LATEST_CALLS = 10;
const DAY_MS = 86_400_000;

/** The first instant the chart and totals cover: midnight UTC, CHART_DAYS - 1 days before today. */
export const chartWindowStart = (now: Date) =>
  new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (CHART_DAYS - 1) * DAY_MS);

export interface DailyCalls {
  day: string;
  requests: number;
  errors: number;
}

export interface ProjectCallStats {
  /** Where the chart and totals start, for a link to the same calls in the call log. */
  windowStart: Date;
  daily: DailyCalls[];
  totals: { requests: number; errors: number; averageDurationMs: number | null };
  latestCalls: Array<{
    id: string;
    toolName: string;
    serverName: string;
    callerName: string;
    channel: CallChannel;
    status: "success" | "error";
    durationMs: number;
    errorMessage: string | null;
    createdAt: Date;
  }>;
  /** The organization's requests in its billing period so far (the billing page's figure), and its start. */
  organizationRequests: { count: number; periodStart: Date };
}

export async function getProjectCallStats(
  app: CallCountServices,
  projectId: string,
  organizationId: string,
  now = new Date(),
): Promise<ProjectCallStats> {
  // Calls this process has queued are written first, so a call just made is already counted.
  await app.gateway.recorder.flush();
  const firstDay = chartWindowStart(now);
  const projectCalls = eq(toolCall.projectId, projectId);
  const inWindow = and(projectCalls, gte(toolCall.createdAt, firstDay));
  const plan = await loadEffectivePlan(app.db, organizationId, now);
  const day = sql<string>`to_char(${toolCall.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [perDay, latestCalls, organizationRequests] = await Promise.all([
    app.db
      .select({
        day,
        requests: sql<number>`count(*)::int`,
        errors: sql<number>`(count(*) filter (where ${toolCall.status} = 'error'))::int`,
        totalDuration: sql<number>`coalesce(sum(${toolCall.durationMs}), 0)::float8`,
      })
      .from(toolCall)
      .where(inWindow)
      .groupBy(day),
    app.db
      .select({
        id: toolCall.id,
        toolName: toolCall.toolName,
        serverName: toolCall.serverName,
        callerName: toolCall.callerName,
        channel: toolCall.channel,
        status: toolCall.status,
        durationMs: toolCall.durationMs,
        errorMessage: toolCall.errorMessage,
        createdAt: toolCall.createdAt,
      })
      .from(toolCall)
      .where(projectCalls)
      .orderBy(desc(toolCall.createdAt))
      .limit(LATEST_CALLS),
    organizationRequestsSince(app, organizationId, plan.periodStart),
  ]);
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const daily: DailyCalls[] = Array.from({ length: CHART_DAYS }, (_, index) => {
    const key = new Date(firstDay.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(key);
    return { day: key, requests: row?.requests ?? 0, errors: row?.errors ?? 0 };
  });
  const requests = perDay.reduce((sum, row) => sum + row.requests, 0);
  const errors = perDay.reduce((sum, row) => sum + row.errors, 0);
  const totalDuration = perDay.reduce((sum, row) => sum + row.totalDuration, 0);
  return {
    windowStart: firstDay,
    daily,
    // To 0.1 ms, as calls are measured: a whole-millisecond average read "0 ms" for the standard tools.
    totals: {
      requests,
      errors,
      averageDurationMs: requests ? Math.round((totalDuration / requests) * 10) / 10 : null,
    },
    latestCalls,
    organizationRequests: { count: organizationRequests, periodStart: plan.periodStart },
  };
}
