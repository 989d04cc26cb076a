// Schedules of a project's agents, as the app edits them. Setting one needs `agents.run` (it runs as
// the person who sets it); pausing, resuming and removing another person's needs `agents.configure`.
// Every change is mirrored into the job queue (job-queue.ts), which starts on the first schedule.
import { CronExpressionParser } from "cron-parser";
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  CRON_FIELDS_MESSAGE,
  cronOf,
  scheduleFormSchema,
  TIME_ZONE_MESSAGE,
} from "../../../lib/agents/schedule.ts";
import { AppError } from "../../../lib/errors.ts";
import { projectRoleAllows } from "../../../lib/permissions.ts";
import { idField } from "../../../lib/validation.ts";
import type { App } from "../../app-services.ts";
import { agentSchedule, user } from "../../db/schema/index.ts";
import { findProjectAccess, requireProjectAction } from "../../projects/access.ts";
import { requireAutomationChange } from "../automation-change.ts";
import { requireRecipients } from "../deliver-result.ts";
import { requireAgentOf } from "../project-agents.ts";

export const SCHEDULE_NOT_FOUND = "Schedule not found";

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The next time `cron` fires in `timeZone`, or null when the expression is not one. */
export function nextRunOf(cron: string, timeZone: string, from = new Date()): Date | null {
  try {
    return CronExpressionParser.parse(cron, { tz: timeZone, currentDate: from }).next().toDate();
  } catch {
    return null;
  }
}

/** The form as the server takes it: the shared rules, then a real cron expression and time zone. */
export const scheduleInput = scheduleFormSchema.superRefine((form, context) => {
  if (!isTimeZone(form.timeZone)) {
    context.addIssue({ code: "custom", path: ["timeZone"], message: TIME_ZONE_MESSAGE });
    return;
  }
  if (form.kind === "cron" && form.cron.split(/\s+/).length === 5 && !nextRunOf(cronOf(form), form.timeZone))
    context.addIssue({ code: "custom", path: ["cron"], message: CRON_FIELDS_MESSAGE });
});

export const createScheduleInput = z.intersection(
  z.object({ projectId: idField, agentId: idField, deliverTo: z.array(idField).max(50).default([]) }),
  scheduleInput,
);

export async function listSchedules(app: App, userId: string, projectId: string, agentId: string) {
  await requireProjectAction(app.db, userId, projectId, "agents.view");
  await requireAgentOf(app.db, projectId, agentId);
  const rows = await app.db
    .select({ schedule: agentSchedule, createdByName: user.name, createdByEmail: user.email })
    .from(agentSchedule)
    .innerJoin(user, eq(user.id, agentSchedule.createdBy))
    .where(and(eq(agentSchedule.projectId, projectId), eq(agentSchedule.agentId, agentId)))
    .orderBy(asc(agentSchedule.createdAt));
  return rows.map(({ schedule, createdByName, createdByEmail }) => ({
    id: schedule.id,
    cron: schedule.cron,
    timeZone: schedule.timeZone,
    request: schedule.request,
    deliverTo: schedule.deliverTo,
    enabled: schedule.enabled,
    stoppedReason: schedule.stoppedReason,
    lastRunAt: schedule.lastRunAt,
    nextRunAt: schedule.enabled ? nextRunOf(schedule.cron, schedule.timeZone) : null,
    createdBy: { id: schedule.createdBy, name: createdByName, email: createdByEmail },
    mine: schedule.createdBy === userId,
  }));
}

export async function createSchedule(app: App, userId: string, input: z.output<typeof createScheduleInput>) {
  await requireProjectAction(app.db, userId, input.projectId, "agents.run");
  await requireAgentOf(app.db, input.projectId, input.agentId);
  const cron = cronOf(input);
  const deliverTo = await requireRecipients(app, input.projectId, input.deliverTo);
  const [row] = await app.db
    .insert(agentSchedule)
    .values({
      deliverTo,
      agentId: input.agentId,
      projectId: input.projectId,
      createdBy: userId,
      cron,
      timeZone: input.timeZone,
      request: input.request,
    })
    .returning();
  if (!row) throw new Error("schedule insert returned no row");
  const { queue } = app.agentSchedules;
  // The first schedule anywhere starts the queue on every replica.
  if (!queue.started) await queue.start({ announce: true });
  await queue.setSchedule(row.id, { cron, timeZone: row.timeZone });
  return { id: row.id, nextRunAt: nextRunOf(cron, row.timeZone) };
}

const requireScheduleChange = (app: App, userId: string, projectId: string, scheduleId: string) =>
  requireAutomationChange(app, userId, { projectId, id: scheduleId }, agentSchedule, SCHEDULE_NOT_FOUND);

export async function setScheduleEnabled(
  app: App,
  userId: string,
  input: { projectId: string; scheduleId: string; enabled: boolean },
) {
  const schedule = await requireScheduleChange(app, userId, input.projectId, input.scheduleId);
  if (input.enabled) {
    // It runs as the person who set it, who must still be able to run agents here.
    const creator = await findProjectAccess(app.db, schedule.projectId, schedule.createdBy);
    if (!creator || !projectRoleAllows(creator.role, "agents.run"))
      throw new AppError(
        "BAD_REQUEST",
        "This schedule ran as someone who can no longer run this project's agents. Set a new schedule instead.",
      );
  }
  await app.db
    .update(agentSchedule)
    .set({ enabled: input.enabled, stoppedReason: null, updatedAt: new Date() })
    .where(eq(agentSchedule.id, schedule.id));
  const { queue } = app.agentSchedules;
  if (input.enabled && !queue.started) await queue.start({ announce: true });
  if (queue.started)
    await queue.setSchedule(
      schedule.id,
      input.enabled ? { cron: schedule.cron, timeZone: schedule.timeZone } : null,
    );
}

export async function deleteSchedule(
  app: App,
  userId: string,
  input: { projectId: string; scheduleId: string },
) {
  const schedule = await requireScheduleChange(app, userId, input.projectId, input.scheduleId);
  await app.db.delete(agentSchedule).where(eq(agentSchedule.id, schedule.id));
  const { queue } = app.agentSchedules;
  if (queue.started) await queue.setSchedule(schedule.id, null);
}

/** At start-up: the queue runs on this replica when any schedule is on, and follows the others' starts. */
export async function startSchedulesIfAny(app: App): Promise<void> {
  const { queue } = app.agentSchedules;
  const [any] = await app.db
    .select({ id: agentSchedule.id })
    .from(agentSchedule)
    .where(eq(agentSchedule.enabled, true))
    .limit(1);
  if (any) await queue.start();
}
