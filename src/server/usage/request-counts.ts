// What "requests" means wherever Portico shows one (issue 43): tool calls the gateway ran, every door
// (agents' clients, REST, agents, the playground: the quota counts them all), counted from the call log
// after this process's queued calls are written. The project overview, the billing page and the admin
// list used three sources (the log without the playground, the calendar month's usage table, the quota's
// counter, which runs a reserved block ahead) and showed 212, 214 and 215 at one moment.
import { and, count, eq, gte } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { toolCall } from "../db/schema/index.ts";

/**
 * The call log and this process's queue of calls not yet written to it: App, narrowed, because
 * auth.ts reaches this file and App names auth.ts's type.
 */
export interface CallCountServices {
  db: Database;
  gateway: { recorder: { flush(): Promise<void> } };
}

export async function organizationRequestsSince(
  app: CallCountServices,
  organizationId: string,
  since: Date,
): Promise<number> {
  await app.gateway.recorder.flush();
  const [row] = await app.db
    .select({ requests: count() })
    .from(toolCall)
    .where(and(eq(toolCall.organizationId, organizationId), gte(toolCall.createdAt, since)));
  return Number(row?.requests ?? 0);
}
