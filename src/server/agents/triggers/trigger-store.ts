// Webhook triggers of a project's agents, as the app edits them. Making one needs `agents.run` (its runs
// act as the person who makes it); regenerating the secret or removing another person's needs
// `agents.configure`. The URL (with its secret) is returned only by create and regenerate.
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { TRIGGER_PATH_PREFIX, triggerFormSchema } from "../../../lib/agents/trigger.ts";
import { AppError } from "../../../lib/errors.ts";
import { projectRoleAllows } from "../../../lib/permissions.ts";
import { idField } from "../../../lib/validation.ts";
import type { App } from "../../app.ts";
import { agentTrigger, user } from "../../db/schema/index.ts";
import { requireProjectAction } from "../../projects/access.ts";
import { requireRecipients } from "../deliver-result.ts";
import { requireAgentOf } from "../project-agents.ts";
import { hashTriggerSecret, newTriggerSecret } from "./trigger-secret.ts";

export const TRIGGER_NOT_FOUND = "Trigger not found";

export const createTriggerInput = z.intersection(
  z.object({ projectId: idField, agentId: idField, deliverTo: z.array(idField).max(50).default([]) }),
  triggerFormSchema,
);

export const triggerUrl = (app: App, triggerId: string, secret: string) =>
  new URL(
    `${TRIGGER_PATH_PREFIX}/${encodeURIComponent(triggerId)}/${encodeURIComponent(secret)}`,
    app.config.baseUrl,
  ).toString();

export async function listTriggers(app: App, userId: string, projectId: string, agentId: string) {
  await requireProjectAction(app.db, userId, projectId, "agents.view");
  await requireAgentOf(app.db, projectId, agentId);
  const rows = await app.db
    .select({ trigger: agentTrigger, createdByName: user.name })
    .from(agentTrigger)
    .innerJoin(user, eq(user.id, agentTrigger.createdBy))
    .where(and(eq(agentTrigger.projectId, projectId), eq(agentTrigger.agentId, agentId)))
    .orderBy(asc(agentTrigger.createdAt));
  return rows.map(({ trigger, createdByName }) => ({
    id: trigger.id,
    name: trigger.name,
    source: trigger.source,
    request: trigger.request,
    deliverTo: trigger.deliverTo,
    lastTriggeredAt: trigger.lastTriggeredAt,
    createdBy: { id: trigger.createdBy, name: createdByName },
    mine: trigger.createdBy === userId,
  }));
}

export async function createTrigger(app: App, userId: string, input: z.output<typeof createTriggerInput>) {
  await requireProjectAction(app.db, userId, input.projectId, "agents.run");
  await requireAgentOf(app.db, input.projectId, input.agentId);
  const deliverTo = await requireRecipients(app, input.projectId, input.deliverTo);
  const secret = newTriggerSecret();
  const [row] = await app.db
    .insert(agentTrigger)
    .values({
      deliverTo,
      agentId: input.agentId,
      projectId: input.projectId,
      createdBy: userId,
      name: input.name,
      source: input.source,
      request: input.request,
      secretHash: hashTriggerSecret(secret),
    })
    .returning({ id: agentTrigger.id });
  if (!row) throw new Error("trigger insert returned no row");
  return { id: row.id, url: triggerUrl(app, row.id, secret) };
}

async function requireTriggerChange(app: App, userId: string, projectId: string, triggerId: string) {
  const access = await requireProjectAction(app.db, userId, projectId, "agents.view");
  const [trigger] = await app.db
    .select()
    .from(agentTrigger)
    .where(and(eq(agentTrigger.id, triggerId), eq(agentTrigger.projectId, projectId)));
  if (!trigger) throw new AppError("NOT_FOUND", TRIGGER_NOT_FOUND);
  const own = trigger.createdBy === userId && projectRoleAllows(access.role, "agents.run");
  if (!own && !projectRoleAllows(access.role, "agents.configure"))
    throw new AppError("FORBIDDEN", "Your project permission does not allow this action.");
  return trigger;
}

/** A new secret: the old URL stops working at once. */
export async function regenerateTriggerSecret(
  app: App,
  userId: string,
  input: { projectId: string; triggerId: string },
) {
  const trigger = await requireTriggerChange(app, userId, input.projectId, input.triggerId);
  const secret = newTriggerSecret();
  await app.db
    .update(agentTrigger)
    .set({ secretHash: hashTriggerSecret(secret), updatedAt: new Date() })
    .where(eq(agentTrigger.id, trigger.id));
  return { id: trigger.id, url: triggerUrl(app, trigger.id, secret) };
}

export async function deleteTrigger(
  app: App,
  userId: string,
  input: { projectId: string; triggerId: string },
) {
  const trigger = await requireTriggerChange(app, userId, input.projectId, input.triggerId);
  await app.db.delete(agentTrigger).where(eq(agentTrigger.id, trigger.id));
}
