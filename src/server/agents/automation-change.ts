// Who may change an agent's schedule or trigger: its creator while they may run the project's agents,
// and anyone who may configure them.
import { and, eq } from "drizzle-orm";
import { AppError } from "../../lib/errors.ts";
import { projectRoleAllows } from "../../lib/permissions.ts";
import type { App } from "../app-services.ts";
import type { agentSchedule, agentTrigger } from "../db/schema/index.ts";
import { requireProjectAction } from "../projects/access.ts";

type AutomationTable = typeof agentSchedule | typeof agentTrigger;

/**
 * The project's schedule or trigger `id` (in `table`), once the caller is known to see the project's
 * agents and to be allowed to change it: NOT_FOUND with `notFound` when the project has none such.
 */
export async function requireAutomationChange<Table extends AutomationTable>(
  app: App,
  userId: string,
  where: { projectId: string; id: string },
  table: Table,
  notFound: string,
): Promise<Table["$inferSelect"]> {
  const access = await requireProjectAction(app.db, userId, where.projectId, "agents.view");
  // Both tables have the columns read here; drizzle cannot select from a union of tables.
  const from = table as typeof agentTrigger;
  const [row] = await app.db
    .select()
    .from(from)
    .where(and(eq(from.id, where.id), eq(from.projectId, where.projectId)));
  if (!row) throw new AppError("NOT_FOUND", notFound);
  const own = row.createdBy === userId && projectRoleAllows(access.role, "agents.run");
  if (!own && !projectRoleAllows(access.role, "agents.configure"))
    throw new AppError("FORBIDDEN", "Your project permission does not allow this action.");
  return row as Table["$inferSelect"];
}
