// Webhook triggers of a project's agents, as the app edits them. Making one needs `agents.run` (its runs
// act as the person who makes it); regenerating the secret or removing another person's needs
// `agents.configure`. The URL (with its secret) is returned only by create and regenerate. A "new
// Outlook mail" trigger has no URL to call: making it subscribes its mailbox at Graph (outlook/).
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { TRIGGER_PATH_PREFIX, triggerFormSchema } from "../../../lib/agents/trigger.ts";
import { AppError } from "../../../lib/errors.ts";
import { idField } from "../../../lib/validation.ts";
import type { App } from "../../app-services.ts";
import { agentMailSubscription, agentTrigger, user } from "../../db/schema/index.ts";
import { requireProjectAction } from "../../projects/access.ts";
import { requireAutomationChange } from "../automation-change.ts";
import { requireRecipients } from "../deliver-result.ts";
import { requireAgentOf } from "../project-agents.ts";
import { outlookMailboxOf } from "./outlook/outlook-connection.ts";
import { notificationUrlOf, subscribeOrRefuse, unsubscribeTrigger } from "./outlook/outlook-subscription.ts";
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
    .select({ trigger: agentTrigger, createdByName: user.name, mailbox: agentMailSubscription })
    .from(agentTrigger)
    .innerJoin(user, eq(user.id, agentTrigger.createdBy))
    .leftJoin(agentMailSubscription, eq(agentMailSubscription.triggerId, agentTrigger.id))
    .where(and(eq(agentTrigger.projectId, projectId), eq(agentTrigger.agentId, agentId)))
    .orderBy(asc(agentTrigger.createdAt));
  return rows.map(({ trigger, createdByName, mailbox }) => ({
    id: trigger.id,
    name: trigger.name,
    source: trigger.source,
    request: trigger.request,
    deliverTo: trigger.deliverTo,
    lastTriggeredAt: trigger.lastTriggeredAt,
    createdBy: { id: trigger.createdBy, name: createdByName },
    mine: trigger.createdBy === userId,
    // A "new Outlook mail" trigger's subscription at Graph: whether it delivers, and until when.
    subscription: mailbox
      ? { status: mailbox.status, expiresAt: mailbox.expiresAt, statusReason: mailbox.statusReason }
      : null,
  }));
}

export async function createTrigger(app: App, userId: string, input: z.output<typeof createTriggerInput>) {
  await requireProjectAction(app.db, userId, input.projectId, "agents.run");
  await requireAgentOf(app.db, input.projectId, input.agentId);
  const deliverTo = await requireRecipients(app, input.projectId, input.deliverTo);
  const mailbox =
    input.source === "outlook-mail" ? await outlookMailboxOf(app, input.projectId, userId) : null;
  if (mailbox && "unavailable" in mailbox) throw new AppError("BAD_REQUEST", mailbox.unavailable);
  // An Outlook trigger's secret is never shown: its runs start only from Graph's notifications.
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
  if (mailbox) {
    // Graph refusing (or not reaching Portico's URL) leaves no trigger behind.
    await subscribeOrRefuse(
      app,
      { id: row.id, organizationId: mailbox.organizationId },
      mailbox.connectionId,
    ).catch(async (error: unknown) => {
      await app.db.delete(agentTrigger).where(eq(agentTrigger.id, row.id));
      throw error;
    });
    return { id: row.id, url: notificationUrlOf(app, row.id) };
  }
  return { id: row.id, url: triggerUrl(app, row.id, secret) };
}

/** Whether this person can make a "new Outlook mail" trigger here, and why not. */
export async function outlookTriggerAvailability(app: App, userId: string, projectId: string) {
  await requireProjectAction(app.db, userId, projectId, "agents.view");
  const mailbox = await outlookMailboxOf(app, projectId, userId);
  return "unavailable" in mailbox
    ? { available: false as const, reason: mailbox.unavailable }
    : { available: true as const, mailbox: mailbox.label };
}

const requireTriggerChange = (app: App, userId: string, projectId: string, triggerId: string) =>
  requireAutomationChange(app, userId, { projectId, id: triggerId }, agentTrigger, TRIGGER_NOT_FOUND);

/** A new secret: the old URL stops working at once. */
export async function regenerateTriggerSecret(
  app: App,
  userId: string,
  input: { projectId: string; triggerId: string },
) {
  const trigger = await requireTriggerChange(app, userId, input.projectId, input.triggerId);
  if (trigger.source === "outlook-mail")
    throw new AppError("BAD_REQUEST", "An Outlook mail trigger has no URL: Microsoft Graph calls it.");
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
  if (trigger.source === "outlook-mail") await unsubscribeTrigger(app, trigger.id);
  await app.db.delete(agentTrigger).where(eq(agentTrigger.id, trigger.id));
}
