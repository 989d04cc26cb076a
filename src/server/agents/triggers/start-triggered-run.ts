// Starts a run of a trigger's agent for one delivery: the trigger's request with the delivery as
// context, acting as the member who made the trigger (as a schedule does). Answers with the run's id
// as soon as its row exists; the run goes on in the background, and its answer is delivered when it ends.
import { eq } from "drizzle-orm";
import { AppError } from "../../../lib/errors.ts";
import { projectRoleAllows } from "../../../lib/permissions.ts";
import type { App } from "../../app-services.ts";
import { agentTrigger, projectAgent } from "../../db/schema/index.ts";
import { personPrincipal } from "../../gateway/auth/principal.ts";
import { reportError } from "../../observability/report-error.ts";
import { findProjectAccess } from "../../projects/access.ts";
import { deliverRunResult } from "../deliver-result.ts";
import { runNeo } from "../neo/run-neo.ts";

/** The most of a delivery's body the run's request carries; the rest is cut with a note. */
export const TRIGGER_CONTEXT_CHARS = 20_000;

export const TRIGGER_MEMBER_GONE =
  "The member who made this trigger can no longer run this project's agents. Make a new trigger.";

/** The request a delivery runs: the trigger's own, then what arrived. */
export function requestWithDelivery(request: string, what: string, body: string): string {
  const clean = body.replaceAll("\0", "");
  const cut =
    clean.length > TRIGGER_CONTEXT_CHARS
      ? `${clean.slice(0, TRIGGER_CONTEXT_CHARS)}\n[… cut: the delivery had ${clean.length} characters]`
      : clean;
  return `${request}\n\n${what}:\n${cut}`;
}

export type TriggeredRunOutcome = { runId: string } | { refused: string; status: 403 | 409 };

export async function startTriggeredRun(
  app: App,
  trigger: typeof agentTrigger.$inferSelect,
  context: { what: string; body: string },
): Promise<TriggeredRunOutcome> {
  const [agent] = await app.db.select().from(projectAgent).where(eq(projectAgent.id, trigger.agentId));
  const access = await findProjectAccess(app.db, trigger.projectId, trigger.createdBy);
  if (!agent || !access || !projectRoleAllows(access.role, "agents.run"))
    return { refused: TRIGGER_MEMBER_GONE, status: 403 };
  const principal = personPrincipal({
    projectId: agent.projectId,
    organizationId: access.project.organizationId,
    userId: trigger.createdBy,
    callerName: `Trigger ${trigger.name} of ${agent.name}`,
  });
  let created: (runId: string) => void = () => {};
  const runCreated = new Promise<string>((resolve) => {
    created = resolve;
  });
  const running = runNeo(app, {
    agent,
    principal,
    request: requestWithDelivery(trigger.request, context.what, context.body),
    channel: "trigger",
    triggerId: trigger.id,
    userId: trigger.createdBy,
    onRunCreated: created,
  });
  // A run that cannot start (no credential) throws before its row exists: the sender is told why.
  const first = await Promise.race([runCreated, running.then(() => null)]).catch((error: unknown) => error);
  if (first instanceof AppError) return { refused: first.message, status: 409 };
  if (typeof first !== "string") throw first;
  await app.db
    .update(agentTrigger)
    .set({ lastTriggeredAt: new Date() })
    .where(eq(agentTrigger.id, trigger.id));
  running
    .then((result) => deliverRunResult(app, { runId: result.runId, deliverTo: trigger.deliverTo }))
    .catch((error: unknown) => reportError(error, { where: "triggered-agent-run", runId: first }));
  return { runId: first };
}
