// LLM tokens of an organization's agent runs, summed per calendar month (UTC): what billing counts.
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { agentRun } from "../db/schema/index.ts";

export async function llmTokensByMonth(db: Database, organizationId: string) {
  const month = sql<string>`to_char(${agentRun.startedAt} at time zone 'UTC', 'YYYY-MM')`;
  return db
    .select({
      month,
      runs: sql<number>`count(*)::int`,
      inputTokens: sql<number>`coalesce(sum(${agentRun.inputTokens}), 0)::int`,
      outputTokens: sql<number>`coalesce(sum(${agentRun.outputTokens}), 0)::int`,
    })
    .from(agentRun)
    .where(eq(agentRun.organizationId, organizationId))
    .groupBy(month)
    .orderBy(desc(month));
}
